import { DEMO_ORG_ID, DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const other = useRecorder();
const login = (profile = 'default') =>
  e2e.run(['login', '--email', DEMO_USER.email, '--password-stdin', '--profile', profile], {
    stdin: DEMO_USER.password,
  });

describe('a stored token belongs to the base URL that issued it (item 2)', { timeout: 60_000 }, () => {
  it('is not sent to another --base-url, AGENT_CLI_BASE_URL or configured base-url', async () => {
    expect(await login('tok')).toMatchObject({ code: 0 });
    const before = other.received.length;
    const viaFlag = await e2e.run(['credentials', 'list', '--profile', 'tok', '--base-url', other.url()]);
    const viaEnv = await e2e.run(['credentials', 'list', '--profile', 'tok'], {
      env: { AGENT_CLI_BASE_URL: other.url() },
    });
    expect((await e2e.run(['config', 'set', 'base-url', other.url(), '--profile', 'tok'])).code).toBe(0);
    const viaConfig = await e2e.run(['credentials', 'list', '--profile', 'tok'], {
      env: { AGENT_CLI_BASE_URL: undefined },
    });
    for (const result of [viaFlag, viaEnv, viaConfig]) {
      expect(result.code).toBe(4);
      expect(result.stderr).toContain(`error: the token of profile "tok" was issued by ${e2e.sandbox().url}`);
      expect(result.stderr).toContain('hint: run: agent-cli login');
    }
    expect(other.received.length).toBe(before);
  });

  it('sends an explicit AGENT_CLI_TOKEN to whatever base URL is given', async () => {
    const result = await e2e.run(['credentials', 'list', '--base-url', other.url()], {
      env: { AGENT_CLI_TOKEN: 'explicit-token-value' },
    });
    expect(result.code).toBe(0);
    expect(other.received.at(-1)?.authorization).toBe('Bearer explicit-token-value');
  });
});

describe('empty values that were given (item 3)', { timeout: 60_000 }, () => {
  const cases: [string, string[], Record<string, string>, string][] = [
    ['--org', ['--org', ''], {}, '--org'],
    ['AGENT_CLI_ORG', [], { AGENT_CLI_ORG: '' }, 'AGENT_CLI_ORG'],
    ['--base-url', ['--base-url', ''], {}, '--base-url'],
    ['AGENT_CLI_BASE_URL', [], { AGENT_CLI_BASE_URL: '' }, 'AGENT_CLI_BASE_URL'],
    ['--profile', ['--profile', ''], {}, '--profile'],
    ['AGENT_CLI_PROFILE', [], { AGENT_CLI_PROFILE: '' }, 'AGENT_CLI_PROFILE'],
  ];
  it.each(cases)('%s "" is a usage error naming it', async (_name, flags, env, named) => {
    const result = await e2e.run(['proofs', 'request', '--connection-id', 'x', ...flags], {
      env: { AGENT_CLI_TOKEN: 'explicit-token-value', AGENT_CLI_ORG: DEMO_ORG_ID, ...env },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: ${named} is empty: give a value or leave it out\n`);
  });
});

describe('a base URL with user:password@ (item 4)', { timeout: 60_000 }, () => {
  it('is refused by --base-url, AGENT_CLI_BASE_URL and config set, without echoing the password', async () => {
    const url = 'https://bob:hunter2secret@agent.example.com';
    const runs = [
      await e2e.run(['whoami', '--base-url', url]),
      await e2e.run(['whoami', '--verbose'], { env: { AGENT_CLI_BASE_URL: url } }),
      await e2e.run(['config', 'set', 'base-url', url, '--profile', 'userinfo']),
    ];
    for (const result of runs) {
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/must not contain a user name or password/);
      expect(result.stdout + result.stderr).not.toContain('hunter2secret');
    }
    const list = await e2e.run(['config', 'list', '--json']);
    expect(list.stdout).not.toContain('hunter2secret');
  });
});

describe('global options in any position (item 10)', { timeout: 60_000 }, () => {
  it('takes --timeout before the command', async () => {
    await login();
    const result = await e2e.run(['--timeout', '3000', 'credentials', 'list', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('prints the version after another root option', async () => {
    const result = await e2e.run(['--no-color', '--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});
