import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();

describe('login: an empty value given is named, never a fallback (attack M6)', { timeout: 60_000 }, () => {
  it('--email "" does not fall back to AGENT_CLI_EMAIL', async () => {
    const result = await e2e.run(['login', '--email', '', '--password-stdin'], {
      env: { AGENT_CLI_EMAIL: 'issuer@example.com' },
      stdin: 'pw',
    });
    expect(result.stderr).toBe('error: --email is empty: give a value or leave it out\n');
    expect(result.code).toBe(2);
  });

  it.each([
    ['AGENT_CLI_EMAIL', { AGENT_CLI_EMAIL: '', AGENT_CLI_PASSWORD: 'pw' }],
    ['AGENT_CLI_PASSWORD', { AGENT_CLI_EMAIL: 'issuer@example.com', AGENT_CLI_PASSWORD: '' }],
  ])('%s= is reported as empty, not missing', async (name, env) => {
    const result = await e2e.run(['login'], { env });
    expect(result.stderr).toBe(`error: ${name} is empty: give a value or leave it out\n`);
    expect(result.code).toBe(2);
  });
});
