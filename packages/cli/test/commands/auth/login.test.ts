import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import type { Prompter } from '../../../src/terminal/prompter.js';
import { readConfig } from '../../support/config-file.js';
import { json, useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();
const login = (argv: string[], options: Parameters<typeof bench.runAnonymous>[1] = {}) =>
  bench.runAnonymous(['login', ...argv], options);

describe('agent-cli login', () => {
  it('signs in with --email and --password-stdin and keeps the token in the profile file', async () => {
    const result = await login(['--email', DEMO_USER.email, '--password-stdin'], {
      stdin: `${DEMO_USER.password}\n`,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^✓ Signed in as issuer@example.com \(profile "default", token expires 20\d\d-/,
    );
    const profile = readConfig(bench.configDir()).profiles['default'];
    expect(profile?.email).toBe(DEMO_USER.email);
    expect(profile?.token?.tokenType).toBe('Bearer');
    expect(bench.sandbox.state.tokens.has(profile?.token?.accessToken ?? '')).toBe(true);
  });

  it('writes the config file with mode 0600 in a directory of mode 0700', async () => {
    await login(['--email', DEMO_USER.email, '--password-stdin'], { stdin: DEMO_USER.password });
    expect(statSync(bench.configDir()).mode & 0o777).toBe(0o700);
    expect(statSync(join(bench.configDir(), 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('asks for the e-mail and a masked password on a terminal', async () => {
    const asked: string[] = [];
    const prompter: Prompter = {
      input: async (message) => {
        asked.push(`input:${message}`);
        return DEMO_USER.email;
      },
      password: async (message) => {
        asked.push(`password:${message}`);
        return DEMO_USER.password;
      },
    };
    const result = await login([], { tty: true, prompter });
    expect(result.code).toBe(0);
    expect(asked).toEqual(['input:E-mail', 'password:Password']);
  });

  it('takes AGENT_CLI_EMAIL and AGENT_CLI_PASSWORD from the environment', async () => {
    const result = await login([], {
      env: { AGENT_CLI_EMAIL: DEMO_USER.email, AGENT_CLI_PASSWORD: DEMO_USER.password },
    });
    expect(result.code).toBe(0);
    expect(readConfig(bench.configDir()).profiles['default']?.token).toBeDefined();
  });

  it('is a usage error naming --email in a pipe, and sends nothing', async () => {
    const result = await login(['--password-stdin'], { stdin: 'x' });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: missing --email (or set AGENT_CLI_EMAIL)\n');
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('is a usage error naming --password-stdin when no password is given in a pipe', async () => {
    const result = await login(['--email', DEMO_USER.email]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: missing password: pipe it to --password-stdin');
  });

  it('warns that --password lands in the shell history', async () => {
    const result = await login(['--email', DEMO_USER.email, '--password', DEMO_USER.password]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: --password puts the password in your shell history');
  });

  it('reports a wrong password with the server message, exit 4, and stores nothing', async () => {
    const result = await login(['--email', DEMO_USER.email, '--password-stdin'], { stdin: 'wrong-password' });
    expect(result.code).toBe(4);
    // No password key is set: the hint says the platform may want one.
    expect(result.stderr).toBe(
      'error: Invalid Credentials (HTTP 401)\nhint: if the password is right, this platform may expect it encrypted: set its key with AGENT_CLI_PASSWORD_KEY or agent-cli config set password-key -\n',
    );
    // Nothing was written: not even an empty config file.
    expect(existsSync(join(bench.configDir(), 'config.json'))).toBe(false);
  });

  it('prints the session without the token with --json', async () => {
    const result = await login(['--email', DEMO_USER.email, '--password-stdin', '--json'], {
      stdin: DEMO_USER.password,
    });
    const token = readConfig(bench.configDir()).profiles['default']?.token?.accessToken ?? 'missing';
    expect(json(result)).toMatchObject({
      profile: 'default',
      email: DEMO_USER.email,
      signedIn: true,
      expired: false,
    });
    expect(result.stdout).not.toContain(token);
  });

  it('remembers --base-url and --org given as flags in the profile', async () => {
    const result = await login(
      [
        '--base-url',
        'http://localhost:4010',
        '--org',
        'org-1',
        '--email',
        DEMO_USER.email,
        '--password-stdin',
      ],
      { stdin: DEMO_USER.password, env: { AGENT_CLI_BASE_URL: undefined, AGENT_CLI_ORG: undefined } },
    );
    expect(result.code).toBe(0);
    expect(readConfig(bench.configDir()).profiles['default']).toMatchObject({
      baseUrl: 'http://localhost:4010',
      org: 'org-1',
    });
  });

  it('refuses a plain http:// base URL that is not loopback', async () => {
    const result = await login(['--email', DEMO_USER.email, '--password-stdin'], {
      stdin: DEMO_USER.password,
      env: { AGENT_CLI_BASE_URL: 'http://agent.example.com' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refusing plain http:// to agent.example.com');
    expect(bench.sandbox.requestCount()).toBe(0);
  });
});
