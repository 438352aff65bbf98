import { describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';
import { useFixedAnswer } from './support/fixed-answer.js';

const e2e = useE2E();
const url = useFixedAnswer(403, { statusCode: 403, message: 'Forbidden resource' });

describe('a 403 hints at --org only where an org was used (attack L9)', { timeout: 60_000 }, () => {
  it('credentials list (no org): no --org hint', async () => {
    const result = await e2e.run(['credentials', 'list'], {
      env: { AGENT_CLI_TOKEN: 'T', AGENT_CLI_BASE_URL: url() },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: Forbidden resource/);
    expect(result.stderr).not.toContain('--org');
  });

  it('offers create (org-scoped): the --org hint', async () => {
    const flags = ['--credential-type', 'jsonld', '--cred-def-id', 'cd', '--file', fixture('offer.json')];
    const result = await e2e.run(['offers', 'create', '--org', 'o1', ...flags], {
      env: { AGENT_CLI_TOKEN: 'T', AGENT_CLI_BASE_URL: url() },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('hint: check --org');
  });
});
