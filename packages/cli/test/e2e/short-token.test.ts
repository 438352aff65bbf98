import { DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

// Issue 20, item 8: a token that lives less than the 30 s expiry margin (the sandbox's
// --token-ttl 10) is usable once signed in: the margin is at most a tenth of its lifetime.
const e2e = useE2E({ tokenTtlSeconds: 10 });

describe('a token that lives 10 seconds', { timeout: 60_000 }, () => {
  it('login, then whoami and a call work with it', async () => {
    const login = await e2e.run(['login', '--email', DEMO_USER.email, '--password-stdin'], {
      stdin: DEMO_USER.password,
    });
    expect(login.stderr).toMatch(/^✓ Signed in as /);
    expect(login.stderr).not.toMatch(/expired/);
    expect(login.code).toBe(0);

    const whoami = await e2e.run(['whoami', '--json']);
    expect(whoami.stderr).toBe('');
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email: DEMO_USER.email, expired: false });

    const list = await e2e.run(['credentials', 'list', '--json']);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
  });
});
