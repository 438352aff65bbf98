import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../support/config-file.js';
import { useSandbox } from '../../support/sandbox.js';

// A service may answer `expires_in` with a "never expires" sentinel (1e20 s) far beyond what a Date
// holds: the token is kept with no expiry, and nothing prints "Invalid time value".
const bench = useSandbox({ tokenTtlSeconds: 1e20 });

describe('a token that never expires', () => {
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
