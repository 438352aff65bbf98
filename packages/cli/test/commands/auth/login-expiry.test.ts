import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../support/config-file.js';
import { useSandbox } from '../../support/sandbox.js';

// A service may answer `expires_in` with a "never expires" sentinel (1e20 s) far beyond what a Date
// holds: the token is kept with no expiry, and nothing prints "Invalid time value".
describe('a token that never expires', () => {
  const bench = useSandbox({ tokenTtlSeconds: 1e20 });

  it('login succeeds, stores no expiry, and whoami and config list work after', async () => {
    const login = await bench.runAnonymous(['login', '--email', DEMO_USER.email, '--password-stdin'], {
      stdin: DEMO_USER.password,
    });
    expect([login.code, login.stderr]).toEqual([
      0,
      expect.stringContaining('✓ Signed in as issuer@example.com'),
    ]);
    expect(login.stderr).not.toContain('Invalid');
    expect(readConfig(bench.configDir()).profiles['default']?.token?.expiresAt).toBeUndefined();
    const whoami = await bench.runAnonymous(['whoami']);
    expect([whoami.code, whoami.stderr]).toEqual([0, '']);
    expect(whoami.stdout).toContain(DEMO_USER.email);
  });

  it('whoami and config list read an expiry beyond the largest date, stored by an older version', async () => {
    await bench.runAnonymous(['login', '--email', DEMO_USER.email, '--password-stdin'], {
      stdin: DEMO_USER.password,
    });
    const file = join(bench.configDir(), 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    config.profiles.default.token.expiresAt = 1e23;
    writeFileSync(file, JSON.stringify(config), { mode: 0o600 });
    for (const argv of [['whoami'], ['whoami', '--json'], ['config', 'list']]) {
      const run = await bench.runAnonymous(argv);
      expect([argv, run.code, run.stderr]).toEqual([argv, 0, '']);
    }
  });
});

// `expires_in: 0` (or so small the token is expired on arrival): signing in still succeeds, but
// says on stderr, in one line, that the service gave a token that has already expired.
describe.each([0, 1e-300])('a token already expired on arrival (expires_in %s)', (ttl) => {
  const bench = useSandbox({ tokenTtlSeconds: ttl });

  it('login warns in one line that the token has already expired', async () => {
    const login = await bench.runAnonymous(['login', '--email', DEMO_USER.email, '--password-stdin'], {
      stdin: DEMO_USER.password,
    });
    expect(login.code).toBe(0);
    const warnings = login.stderr.split('\n').filter((line) => line.includes('warning:'));
    expect(warnings).toEqual([
      expect.stringContaining('the service gave an access token that has already expired'),
    ]);
    const whoami = await bench.runAnonymous(['whoami']);
    expect([whoami.code, whoami.stderr]).toEqual([4, expect.stringContaining('has expired')]);
  });
});
