import { openSync } from 'node:fs';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const env = () => ({ AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken(), AGENT_CLI_ORG: DEMO_ORG_ID });
const DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
const createSchema = (version: string) => [
  ...['schemas', 'create', '--issuer-id', DID, '--name', 'S', '--version', version, '--attr', 'a'],
];

/** Runs the CLI with its stdout on /dev/full: every write to it fails with ENOSPC. */
const toFullDisk = (args: string[]) => e2e.run(args, { env: env(), stdout: openSync('/dev/full', 'w') });

// A command whose answer cannot be printed said only "cannot write to stdout", and a user (or a
// script seeing exit 1) ran it again: a second schema, a second e-mail to every holder.
describe('a stdout that fails after the service changed something', { timeout: 60_000 }, () => {
  it('says the POST was carried out, once, and that running it again repeats it', async () => {
    const before = e2e.sandbox().sandbox.requestCount('POST', '/schemas');
    for (const [version, json] of [
      ['1.0.0', []],
      ['1.0.1', ['--json']],
    ] as const) {
      const result = await toFullDisk([...createSchema(version), ...json]);
      expect(result.stderr).toBe(
        'error: cannot write to stdout (ENOSPC): POST /schemas was carried out by the service; its answer is lost, and running the command again does it again\n',
      );
      expect(result.code).toBe(1);
    }
    expect(e2e.sandbox().sandbox.requestCount('POST', '/schemas')).toBe(before + 2);
  });

  it('names the e-mail request of `offers email`: each holder got the offer once', async () => {
    const emails = ['ada@example.com', 'alan@example.com'];
    const result = await toFullDisk([
      'offers',
      'email',
      '--credential-type',
      'indy',
      '--cred-def-id',
      'cd:1',
      '--attr',
      'name=Ada',
      ...emails.flatMap((e) => ['--email', e]),
    ]);
    expect(result.stderr).toBe(
      `error: cannot write to stdout (ENOSPC): POST /orgs/${DEMO_ORG_ID}/credentials/oob/email was carried out by the service; its answer is lost, and running the command again does it again\n`,
    );
    expect(result.code).toBe(1);
    expect(emails.map((e) => e2e.sandbox().sandbox.deliveries(e))).toEqual([1, 1]);
  });

  it('says only that stdout failed after reading (a GET changes nothing)', async () => {
    const result = await toFullDisk(['credentials', 'list', '--json']);
    expect(result).toEqual({ stdout: '', stderr: 'error: cannot write to stdout (ENOSPC)\n', code: 1 });
  });
});

describe('a stdout that fails after reading from an agent of line 2.1', { timeout: 60_000 }, () => {
  const agent = useE2E({ flavor: 'platform', agentKey: true });
  it('does not count exchanging the agent key for a token (POST /agent/token) as a change', async () => {
    const { url, sandbox } = agent.sandbox();
    const result = await agent.run(['credentials', 'list', '--role', 'holder', '--json'], {
      env: { AGENT_CLI_AGENT_URL: url, AGENT_CLI_AGENT_KEY: sandbox.agentKey, AGENT_CLI_ORG: DEMO_ORG_ID },
      stdout: openSync('/dev/full', 'w'),
    });
    expect(sandbox.requestCount('POST', '/agent/token')).toBe(1);
    expect(result).toEqual({ stdout: '', stderr: 'error: cannot write to stdout (ENOSPC)\n', code: 1 });
  });
});

describe('the requests named when stdout fails', { timeout: 60_000 }, () => {
  const recorder = useRecorder();
  const e2eOwn = useE2E();
  const run = (args: string[], env: Record<string, string> = {}) =>
    e2eOwn.run(['--base-url', recorder.url(), ...args], {
      env: { AGENT_CLI_TOKEN: 'tok-SECRET-123', ...env },
      stdout: openSync('/dev/full', 'w'),
    });

  // helper-77 (F3): --verbose and every other error line hid the token; this one printed it.
  it('hide the secrets of the run, as every other line does', async () => {
    const result = await run(['api', 'POST', '/revoke/tok-SECRET-123']);
    expect(result.stderr).toBe(
      'error: cannot write to stdout (ENOSPC): POST /revoke/[REDACTED] was carried out by the service; its answer is lost, and running the command again does it again\n',
    );
  });

  // helper-78 (F1): a path writes `ab cd:ef` as `ab%20cd:ef`, a form the scrubbing did not know.
  it('hide a secret as a URL path writes it, here and in --verbose', async () => {
    const result = await run(['api', 'POST', '/x/ab cd:ef', '--verbose'], {
      AGENT_CLI_PASSWORD_KEY: 'ab cd:ef',
    });
    expect(result.stderr).toContain('POST /x/[REDACTED] was carried out by the service');
    expect(result.stderr).toContain('/x/[REDACTED]');
    expect(result.stderr).not.toMatch(/ab(%20| )cd/);
  });
});
