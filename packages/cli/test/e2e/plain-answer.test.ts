import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useFixedAnswer } from './support/fixed-answer.js';

const e2e = useE2E();
const url = useFixedAnswer(204);

describe('an answer without the expected body is said in plain words (attack L5)', {
  timeout: 60_000,
}, () => {
  it('credentials list answered 204', async () => {
    const result = await e2e.run(['credentials', 'list'], {
      env: { AGENT_CLI_TOKEN: 'T', AGENT_CLI_BASE_URL: url() },
    });
    expect(result.stderr).toBe(
      'error: unexpected answer from GET /credentials (HTTP 204): the body is missing (a list was expected)\n',
    );
    expect(result.code).toBe(1);
  });

  it('--verbose names the request that failed, from the error: method, path and service', async () => {
    const result = await e2e.run(['credentials', 'list', '--verbose'], {
      env: { AGENT_CLI_TOKEN: 'T', AGENT_CLI_BASE_URL: url() },
    });
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.slice(-2)).toEqual([
      'error: unexpected answer from GET /credentials (HTTP 204): the body is missing (a list was expected)',
      '* ResponseValidationError of GET /credentials (agent)',
    ]);
    expect(result.code).toBe(1);
  });
});
