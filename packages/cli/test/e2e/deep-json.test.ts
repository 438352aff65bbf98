import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const server = useRecorder();
const DEPTH = 100_000;
const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const record = (metadata: string) =>
  `[{"id":"c1","state":"done","role":"issuer","createdAt":"2024-01-01T00:00:00Z","metadata":{"x":${metadata}}}]`;
const run = (args: string[]) =>
  e2e.run(['--base-url', server.url(), ...args], { env: { AGENT_CLI_TOKEN: 'a-token-value' } });
const TOO_DEEP = 'error: cannot print the answer as JSON: it is nested too deeply\n';

describe('a 200 answer nested 100,000 deep (attack F18)', { timeout: 60_000 }, () => {
  it('credentials list --json: one clear line, exit 1, no stack trace', async () => {
    server.answerText(record(deep));
    expect(await run(['credentials', 'list', '--json'])).toEqual({ stdout: '', stderr: TOO_DEEP, code: 1 });
  });

  it('agent-cli api, also with --verbose: one clear error line, no stack trace', async () => {
    server.answerText(deep);
    expect(await run(['api', 'GET', '/anything'])).toEqual({ stdout: '', stderr: TOO_DEEP, code: 1 });
    const verbose = await run(['api', 'GET', '/anything', '--verbose']);
    expect(verbose.code).toBe(1);
    expect(verbose.stderr.endsWith(TOO_DEEP)).toBe(true);
    expect(verbose.stderr).not.toMatch(/^\s+at /m);
  });

  it('credentials list as a table still prints the record', async () => {
    server.answerText(record(deep));
    const result = await run(['credentials', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^c1 +done +issuer/m);
  });

  it('a body nested a little (100 deep) is printed faithfully', async () => {
    const nested = `${'['.repeat(100)}1${']'.repeat(100)}`;
    server.answerText(nested);
    const result = await run(['api', 'GET', '/anything']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(nested));
  });
});
