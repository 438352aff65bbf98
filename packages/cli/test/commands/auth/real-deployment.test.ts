import { DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../support/config-file.js';
import { BASE_URL, json, useSandbox } from '../../support/sandbox.js';

const PASSWORD_KEY = 'platform-password-key-5b2';
const AGENT_KEY = 'agent-raw-key-e91c';
// Line 2.0 of the agent: the raw key on every agent route (tests/agent-lines covers 2.1).
const bench = useSandbox({
  flavor: 'platform',
  passwordKey: PASSWORD_KEY,
  agentKey: AGENT_KEY,
  agentLine: '2.0',
});
const login = ['login', '--email', DEMO_USER.email, '--password-stdin', '--verbose'];
const split = { AGENT_CLI_AGENT_URL: BASE_URL, AGENT_CLI_AGENT_KEY: AGENT_KEY };

describe('agent-cli against a real deployment (platform flavour)', () => {
  it('signs in with the password encrypted by AGENT_CLI_PASSWORD_KEY, showing neither in --verbose', async () => {
    const result = await bench.runAnonymous(login, {
      stdin: DEMO_USER.password,
      env: { AGENT_CLI_PASSWORD_KEY: PASSWORD_KEY },
    });
    expect(result.stderr).toMatch(/✓ Signed in as issuer@example.com/);
    expect(result.code).toBe(0);
    const output = result.stdout + result.stderr;
    for (const secret of [DEMO_USER.password, PASSWORD_KEY, 'U2FsdGVkX1'])
      expect(output).not.toContain(secret);
  });

  it('fails with the platform message when no password key is set', async () => {
    const result = await bench.runAnonymous(login.slice(0, -1), { stdin: DEMO_USER.password });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: Invalid Credentials (HTTP 400)\nhint: if the password is right, this platform may expect it encrypted: set its key with AGENT_CLI_PASSWORD_KEY or agent-cli config set password-key -\n',
    );
  });

  it('sends agent routes to AGENT_CLI_AGENT_URL with the raw AGENT_CLI_AGENT_KEY, never shown', async () => {
    const result = await bench.run(['credentials', 'list', '--json', '--verbose'], { env: split });
    expect(result.code).toBe(0);
    expect(json(result)).toEqual([]);
    expect(result.stderr).toContain('authorization: [REDACTED]');
    expect(result.stderr).not.toContain(AGENT_KEY);
    const bearer = await bench.run(['credentials', 'list', '--json']);
    expect(bearer.stderr.split('\n')[0]).toBe('error: Unauthorized (HTTP 401)');
  });

  it('refuses an agent URL without an agent key, naming the variable', async () => {
    const result = await bench.run(['credentials', 'list'], { env: { AGENT_CLI_AGENT_URL: BASE_URL } });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      "error: AGENT_CLI_AGENT_URL needs the agent's API key: set AGENT_CLI_AGENT_KEY (or: agent-cli config set agent-key -)",
    );
  });

  it('whoami shows both URLs and whether an agent key is set, never the key', async () => {
    const result = await bench.run(['whoami'], { env: split });
    expect(result.stdout).toMatch(new RegExp(`^Base URL: +${BASE_URL}$`, 'm'));
    expect(result.stdout).toMatch(new RegExp(`^Agent URL: +${BASE_URL}$`, 'm'));
    expect(result.stdout).toMatch(/^Agent key: +set \(not shown\)$/m);
    expect(result.stdout).not.toContain(AGENT_KEY);
  });

  it('keeps the agent key in the profile only from stdin, and never prints it', async () => {
    // The key is bound to the agent URL it is stored for: the URL comes first.
    await bench.runAnonymous(['config', 'set', 'agent-url', BASE_URL]);
    const typed = await bench.runAnonymous(['config', 'set', 'agent-key', AGENT_KEY]);
    expect(typed.code).toBe(2);
    expect(typed.stderr).not.toContain(AGENT_KEY);
    const piped = await bench.runAnonymous(['config', 'set', 'agent-key', '-'], { stdin: `${AGENT_KEY}\n` });
    expect(piped.code).toBe(0);
    expect(readConfig(bench.configDir()).profiles['default']?.['agentKey']).toBe(AGENT_KEY);
    const shown = await bench.runAnonymous(['config', 'get', 'agent-key']);
    expect(shown.stdout).toBe('set\n');
    expect((await bench.run(['credentials', 'list', '--json'])).code).toBe(0);
  });
});
