import { describe, expect, it } from 'vitest';
import { readConfig } from '../../support/config-file.js';
import { loginDemo } from '../../support/login.js';
import { BASE_URL, json, useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();

describe('agent-cli whoami', () => {
  it('shows the profile, base URL, org, user and expiry but never the token', async () => {
    await loginDemo(bench);
    const result = await bench.runAnonymous(['whoami']);
    const token = readConfig(bench.configDir()).profiles['default']?.token?.accessToken ?? 'missing';
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Profile: +default$/m);
    expect(result.stdout).toMatch(new RegExp(`^Base URL: +${BASE_URL}$`, 'm'));
    expect(result.stdout).toMatch(/^Org: +[0-9a-f-]{36}$/m);
    expect(result.stdout).toMatch(/^User: +issuer@example.com$/m);
    expect(result.stdout).toMatch(/^Expires: +20\d\d-.* \(in 24 h\)$/m);
    expect(result.stdout).not.toContain(token);
  });

  it('prints the session as JSON with --json', async () => {
    await loginDemo(bench);
    const view = json<Record<string, unknown>>(await bench.runAnonymous(['whoami', '--json']));
    expect(view).toMatchObject({
      profile: 'default',
      signedIn: true,
      expired: false,
      tokenSource: 'profile',
    });
    expect(Object.keys(view).sort()).toEqual(
      [
        ...['agentKey', 'baseUrl', 'email', 'expired', 'expiresAt'],
        ...['org', 'profile', 'signedIn', 'tokenIssuedBy', 'tokenSource'],
      ].sort(),
    );
  });

  it('exits 4 with the login hint when not signed in', async () => {
    const result = await bench.runAnonymous(['whoami']);
    expect(result.code).toBe(4);
    expect(result.stderr).toBe('error: not signed in (profile "default")\nhint: run: agent-cli login\n');
  });

  it('says when the stored token has expired (exit 4)', async () => {
    await loginDemo(bench);
    const config = readConfig(bench.configDir());
    const { writeFileSync } = await import('node:fs');
    const profile = config.profiles['default'];
    if (profile?.token) profile.token.expiresAt = Date.now() - 60_000;
    writeFileSync(`${bench.configDir()}/config.json`, JSON.stringify(config));
    const result = await bench.runAnonymous(['whoami']);
    expect(result.code).toBe(4);
    expect(result.stdout).toMatch(/^Expires: +.*\(expired\)$/m);
    expect(result.stderr).toContain('has expired');
  });

  it('reports a token from AGENT_CLI_TOKEN without showing it', async () => {
    const result = await bench.run(['whoami']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Token: +from AGENT_CLI_TOKEN$/m);
  });
});
