import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEMO_ORG_ID,
  type RunningSandbox,
  type StartSandboxOptions,
  startSandbox,
} from '@credential-agent/sandbox';
import { AgentClient } from '@credential-agent/sdk';
import { expect, onTestFinished } from 'vitest';
import { type BulkTemplate, toTemplate } from '../../src/bulk/csv/template.js';
import type { BulkRunOptions, BulkRunPorts } from '../../src/bulk/types.js';

/** A temporary directory, removed when the test ends. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-cli-bulk-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** `email,name,degree` rows for holders `from`..`from + count - 1`. */
export function holderLines(count: number, from = 1): string[] {
  return Array.from({ length: count }, (_, i) => `holder${from + i}@example.com,Holder ${from + i},BSc`);
}

/** Writes a CSV (header `email,name,degree` unless given) and returns its path. */
export async function writeCsv(dir: string, lines: string[], header = 'email,name,degree'): Promise<string> {
  const path = join(dir, 'holders.csv');
  await writeFile(path, `${[header, ...lines].join('\n')}\n`);
  return path;
}

/** A sandbox server of its own, closed when the test ends, and an SDK client signed in to it. */
export async function sandboxAgent(
  options: StartSandboxOptions = {},
): Promise<RunningSandbox & { agent: AgentClient }> {
  const running = await startSandbox(options);
  onTestFinished(() => running.close());
  const agent = new AgentClient({ baseUrl: running.url, accessToken: running.sandbox.issueToken() });
  return { ...running, agent };
}

export const INDY_TEMPLATE: BulkTemplate = toTemplate(
  {
    credentialType: 'indy',
    credentialDefinitionId: 'Th7MpTaRZVRYnPiabds81Y:3:CL:17:degree',
    comment: 'Your degree',
  },
  {},
);

/** Options of a run over `csv` with the indy template; `extra` overrides. */
export function runOptions(csv: string, extra: Partial<BulkRunOptions> = {}): BulkRunOptions {
  return {
    csv,
    template: INDY_TEMPLATE,
    mapping: {},
    batchSize: 10,
    concurrency: 4,
    dryRun: false,
    resume: false,
    retryInDoubt: false,
    target: { baseUrl: 'http://sandbox.test', org: DEMO_ORG_ID },
    ...extra,
  };
}

const stateHomes = new Map<string, string>();

/**
 * The current test's own `XDG_STATE_HOME` (one per test, shared by its runs), so that the user's
 * registry of journals and lock directory are never the real home's, where runs of other test files
 * and other checkouts to the same sandbox target would meet.
 */
function testStateHome(): string {
  const test = expect.getState().currentTestName ?? '';
  let dir = stateHomes.get(test);
  if (dir === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'agent-cli-state-'));
    stateHomes.set(test, made);
    onTestFinished(() => {
      stateHomes.delete(test);
      rmSync(made, { recursive: true, force: true });
    });
    dir = made;
  }
  return dir;
}

/** Ports over an SDK client (none for a dry run) that capture stderr lines and progress. */
export function capturePorts(
  agent: AgentClient | undefined,
): BulkRunPorts & { lines: string[]; progressText: string[] } {
  const lines: string[] = [];
  const progressText: string[] = [];
  return {
    lines,
    progressText,
    offers: agent ? async () => agent.org(DEMO_ORG_ID).offers : undefined,
    err: (line) => lines.push(line),
    progress: { write: (text) => progressText.push(text), tty: false },
    env: { XDG_STATE_HOME: testStateHome() },
  };
}

/** Writes a jsonld offer template with an empty credentialSubject (the CSV's columns fill it) and returns its path. */
export async function writeJsonldTemplate(dir: string): Promise<string> {
  const template = join(dir, 'template.json');
  const credential = {
    '@context': ['https://www.w3.org/2018/credentials/v1'],
    type: ['VerifiableCredential'],
    issuer: { id: 'did:key:z6Mk' },
    issuanceDate: '2025-01-01T00:00:00Z',
    credentialSubject: {},
  };
  const options = { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' };
  await writeFile(
    template,
    JSON.stringify({ credentialType: 'jsonld', credentialDefinitionId: 'cd', credential, options }),
  );
  return template;
}
