/**
 * Issue 18 attack fixes through the built binary against a recording server on 127.0.0.1:
 * success:false answers (M2), padded escapes on --auto-accept-proof (M3), a requestType key in
 * --file (M4), --csv with a credential type it cannot build (L5), and a proof request whose answer
 * cannot be read (L8). Each case says what was sent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const server = useRecorder();
const dir = mkdtempSync(join(tmpdir(), 'agent-cli-enum-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const proofBody = {
  connectionId: 'c1',
  proofFormats: {
    indy: { attributes: [{ attributeName: 'a', condition: '>=', value: '1', credDefId: 'cd' }] },
  },
};
const proofFile = join(dir, 'proof.json');
writeFileSync(proofFile, JSON.stringify(proofBody));
const proofWithType = join(dir, 'proof-type.json');
writeFileSync(proofWithType, JSON.stringify({ ...proofBody, requestType: 'indy' }));
const csv = join(dir, 'holders.csv');
writeFileSync(csv, 'email,name\na@example.com,Al\n');
const template = join(dir, 'template.json');
writeFileSync(
  template,
  JSON.stringify({ credentialDefinitionId: 'cd', credentialType: 'indy', protocolVersion: 'v2' }),
);

const env = () => ({ AGENT_CLI_TOKEN: 'tok', AGENT_CLI_ORG: 'o1', AGENT_CLI_BASE_URL: server.url() });
const run = (args: string[]) => e2e.run(args, { env: env() });
/** The requests other than line detection. */
const sent = () => server.received.filter((r) => r.url.split('?')[0] !== '/agent/token');

beforeEach(() => {
  server.received.length = 0;
  server.answer({ statusCode: 201, message: 'Created', data: { id: 'p1', state: 'request-sent' } });
});

describe('agent-cli against odd answers and odd input (issue 18 attack)', { timeout: 60_000 }, () => {
  it('M2: a 200 answer with success: false is an error: one line with the service message, exit 1', async () => {
    server.answer({ statusCode: 400, message: 'connection not ready', success: false, data: { id: 'p1' } });
    const result = await run(['proofs', 'request', '--request-type', 'indy', '--file', proofFile]);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'error: connection not ready (success: false in an HTTP 200 answer, statusCode 400)\n',
    );
    expect(result.code).toBe(1);
    expect(sent()).toHaveLength(1);
  });

  it('L8: a proof request answered with something unreadable says it may have been sent', async () => {
    server.answer({ statusCode: 201, message: 'Created', data: true });
    const result = await run(['proofs', 'request', '--request-type', 'indy', '--file', proofFile]);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error: unexpected answer from POST \/orgs\/o1\/proofs \(HTTP 200\): .*: the request was sent and may have been processed by the service; check before running it again$/,
    );
    expect(result.code).toBe(1);
  });

  it('M3: a padded escape on --auto-accept-proof reads like every other field; nothing is sent', async () => {
    for (const value of ['+ always', '+always ']) {
      const result = await run([
        'proofs',
        'request',
        '--request-type',
        'indy',
        '--file',
        proofFile,
        '--auto-accept-proof',
        value,
      ]);
      expect(result.stderr).toBe('error: --auto-accept-proof: must not start or end with white space\n');
      expect(result.code).toBe(2);
    }
    expect(sent()).toHaveLength(0);
  });

  it('M4: a "requestType" key in --file is named as the file\'s, with or without the flag; nothing is sent', async () => {
    for (const flag of [['--request-type', 'indy'], []]) {
      const result = await run(['proofs', 'request', ...flag, '--file', proofWithType]);
      expect(result.stderr).toBe(
        `error: --file ${proofWithType}: "requestType" is not a body field: give it as --request-type (it is sent in the query)\n`,
      );
      expect(result.code).toBe(2);
    }
    expect(sent()).toHaveLength(0);
  });

  it('L5: --csv with a credential type it cannot build is refused up front (exit 2, nothing sent)', async () => {
    const result = await run([
      'offers',
      'email',
      '--csv',
      csv,
      '--file',
      template,
      '--credential-type',
      '+anoncreds',
    ]);
    expect(result.stderr).toBe(
      'error: --credential-type: --csv builds indy or jsonld offers only (not anoncreds); send other offers with --file alone\n',
    );
    expect(result.code).toBe(2);
    expect(sent()).toHaveLength(0);
  });
});
