import { DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
const OTHER = 'http://127.0.0.1:9';
const login = () =>
  e2e.run(['login', '--email', DEMO_USER.email, '--password-stdin', '--profile', 'a'], {
    stdin: DEMO_USER.password,
  });

describe('whoami with a stored token of another base URL (attack F24)', { timeout: 60_000 }, () => {
  const refused = () => [
    `error: the token of profile "a" was issued by ${e2e.sandbox().url}, not ${OTHER}: it is not sent there`,
    `hint: run: agent-cli login --base-url ${OTHER} --profile a (it replaces the profile's token; give another --profile to keep both), or set AGENT_CLI_TOKEN`,
  ];

  it('says the token belongs to the base URL that issued it, exit 4, with --base-url', async () => {
    expect((await login()).code).toBe(0);
    const result = await e2e.run(['whoami', '--profile', 'a', '--base-url', OTHER, '--json']);
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stdout)).toMatchObject({
      baseUrl: OTHER,
      signedIn: false,
      tokenIssuedBy: e2e.sandbox().url,
    });
    expect(result.stderr.split('\n').filter(Boolean)).toEqual(refused());
  });

  it('does the same with AGENT_CLI_BASE_URL, and the table names the issuer', async () => {
    expect((await login()).code).toBe(0);
    const result = await e2e.run(['whoami', '--profile', 'a'], { env: { AGENT_CLI_BASE_URL: OTHER } });
    expect(result.code).toBe(4);
    expect(result.stdout).toMatch(
      /^Token: +stored for http:\/\/127\.0\.0\.1:\d+ \(not sent to this base URL\)$/m,
    );
    expect(result.stdout).not.toMatch(/^Expires: .*\(in /m);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual(refused());
  });

  it('still says signed in against the base URL that issued it', async () => {
    expect((await login()).code).toBe(0);
    const result = await e2e.run(['whoami', '--profile', 'a', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      signedIn: true,
      tokenSource: 'profile',
      expired: false,
    });
  });
});

describe('whoami --json with AGENT_CLI_TOKEN (attack F5)', { timeout: 60_000 }, () => {
  it('reports expiry as unknown (null), not false, and the token source', async () => {
    const result = await e2e.run(['whoami', '--json'], { env: { AGENT_CLI_TOKEN: 'unchecked-token' } });
    expect(result.code).toBe(0);
    const view = JSON.parse(result.stdout);
    expect(view).toMatchObject({ signedIn: true, tokenSource: 'env', expired: null, expiresAt: null });
  });
});
