import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
const token = () => e2e.sandbox().sandbox.issueToken();
const SCHEMA = [
  'schemas',
  'create',
  '--issuer-id',
  'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
  '--name',
  'S',
  '--version',
  '1.0.0',
  '--attr',
  'a',
];

describe('a timeout beyond what a timer can hold (attack F13)', { timeout: 60_000 }, () => {
  // setTimeout clamps anything above 2^31-1 ms to 1 ms: such a value would time out at once.
  const cases: [string, string[], Record<string, string>, string][] = [
    ['--timeout', ['--timeout', '2147483648'], {}, '--timeout'],
    ['AGENT_CLI_TIMEOUT', [], { AGENT_CLI_TIMEOUT: '99999999999' }, 'AGENT_CLI_TIMEOUT'],
  ];
  it.each(cases)(
    '%s above 2147483647 is a usage error with the range; nothing sent',
    async (_, flags, env, named) => {
      e2e.sandbox().sandbox.faults.add({ kind: 'latency', path: '/credentials', ms: 200, times: 1 });
      const before = e2e.sandbox().sandbox.requestCount('GET', '/credentials');
      const result = await e2e.run([...flags, 'credentials', 'list', '--json'], {
        env: { AGENT_CLI_TOKEN: token(), ...env },
      });
      const value = flags[1] ?? env['AGENT_CLI_TIMEOUT'];
      expect(result).toMatchObject({
        code: 2,
        stderr: `error: ${named} must be a whole number of milliseconds from 1 to 2147483647, got "${value}"\n`,
      });
      expect(e2e.sandbox().sandbox.requestCount('GET', '/credentials')).toBe(before);
    },
  );

  it('takes 2147483647, the largest timer, and waits for a slow answer', async () => {
    e2e.sandbox().sandbox.faults.add({ kind: 'latency', path: '/credentials', ms: 200, times: 1 });
    const result = await e2e.run(['--timeout', '2147483647', 'credentials', 'list', '--json'], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

/** The sandbox as the CLI names it in a connection error: scheme://host:port. */
const origin = () => new URL(e2e.sandbox().url).origin;

describe('a POST that timed out (attack F17)', { timeout: 60_000 }, () => {
  it('says it may have been processed and to check before running it again', async () => {
    e2e.sandbox().sandbox.faults.add({ kind: 'latency', path: '/schemas', ms: 5_000, times: 1 });
    const result = await e2e.run(['--timeout', '300', ...SCHEMA], { env: { AGENT_CLI_TOKEN: token() } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: POST /schemas to ${origin()} timed out after 300 ms: it was sent and may have been processed by the service; check before running it again\n`,
    );
  });

  it('keeps the plain line for a GET, which is safe to run again', async () => {
    e2e.sandbox().sandbox.faults.add({ kind: 'latency', path: '/credentials', ms: 5_000, times: 5 });
    const result = await e2e.run(['--timeout', '300', 'credentials', 'list'], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: GET /credentials to ${origin()} timed out after 300 ms\n`);
  });
});
