import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../../../scripts/source-condition.mjs';
import { DEMO_ORG_ID } from '../src/index.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

/** Runs `src/bin.ts` through tsx, the SDK from its sources too, so no build is needed. */
function runBin(args: string[]): ChildProcess {
  const node = [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx'];
  const child = spawn(process.execPath, [...node, 'src/bin.ts', ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

async function readLines(child: ChildProcess, count: number): Promise<string[]> {
  let text = '';
  for await (const chunk of child.stdout ?? []) {
    text += String(chunk);
    if (text.split('\n').length > count) break;
  }
  return text.split('\n').slice(0, count);
}

afterAll(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

// Each test starts tsx, which takes seconds on a loaded machine.
describe.concurrent('agent-sandbox', { timeout: 60_000 }, () => {
  it('prints its URL first, then the demo user and org, serves, and exits 0 on SIGTERM', async () => {
    const child = runBin(['--port', '0', '--faults', 'status:503:path=/credentials:times=1']);
    const lines = await readLines(child, 4);
    const url = /^Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0] ?? '')?.[1];
    expect(url).toBeDefined();
    expect(lines.slice(1).join('\n')).toContain('issuer@example.com');
    expect(lines[3]).toContain(DEMO_ORG_ID);
    const faulted = await fetch(`${url}/credentials`);
    expect(faulted.status).toBe(503);
    expect((await fetch(`${url}/credentials`)).status).toBe(401);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  });

  it('prints the password key and the agent key of the platform flavour, which the agent routes want raw', async () => {
    const child = runBin(['--flavor', 'platform', '--agent-key']);
    const lines = await readLines(child, 6);
    const url = /^Sandbox listening on (\S+)$/.exec(lines[0] ?? '')?.[1];
    const passwordKey = /^Password key:\s+(\S+)$/.exec(lines[4] ?? '')?.[1];
    const agentKey = /^Agent key:\s+(\S+)$/.exec(lines[5] ?? '')?.[1];
    expect(passwordKey).toMatch(/^[\w-]{20,}$/);
    expect(agentKey).toMatch(/^[\w-]{20,}$/);
    const raw = await fetch(`${url}/credentials`, { headers: { authorization: agentKey ?? '' } });
    expect(raw.status).toBe(200);
    child.kill('SIGTERM');
  });

  it('exits 2 with a message for an invalid fault spec', async () => {
    const child = runBin(['--faults', 'explode']);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += String(chunk);
    });
    expect((await once(child, 'exit'))[0]).toBe(2);
    expect(stderr).toMatch(/^agent-sandbox: Invalid fault/);
  });

  it('prints its version with --version', async () => {
    const child = runBin(['--version']);
    const [lines] = await Promise.all([readLines(child, 1), once(child, 'exit')]);
    const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(lines[0]).toBe(version);
    expect(child.exitCode).toBe(0);
  });

  it('on 0.0.0.0 prints a URL a client can reach, and writes it to --url-file once listening', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'agent-sandbox-')), 'sandbox.url');
    const child = runBin(['--host', '0.0.0.0', '--port', '0', '--url-file', file]);
    const [first] = await readLines(child, 1);
    const url = /^Sandbox listening on (\S+)$/.exec(first ?? '')?.[1] as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await readFile(file, 'utf8')).toBe(`${url}\n`);
    expect((await fetch(`${url}/credentials`)).status).toBe(401);
    child.kill('SIGTERM');
  });
});
