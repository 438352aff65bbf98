import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
const env = { AGENT_CLI_TOKEN: 'explicit-token-value', AGENT_CLI_ORG: DEMO_ORG_ID };

describe('values outside the known list (item 12)', { timeout: 60_000 }, () => {
  it.each([
    [['credentials', 'list', '--state', 'offer_sent'], '--state <state>', 'offer_sent', 'offer-sent'],
    [
      ['proofs', 'request', '--connection-id', 'c', '--request-type', 'bogus'],
      '--request-type <type>',
      'bogus',
      undefined,
    ],
    [['dids', 'write', '--method', 'foo', '--key-type', 'ed25519'], '--method <method>', 'foo', undefined],
    [['offers', 'create', '--protocol-version', 'v9'], '--protocol-version <version>', 'v9', 'v1'],
  ])('%j is a usage error listing the known values', async (argv, flag, value, guess) => {
    const before = e2e.sandbox().sandbox.requestCount();
    const result = await e2e.run(argv, { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^error: option '${flag}' argument '${value}' is invalid\\. known values: `),
    );
    if (guess) expect(result.stderr).toContain(`(did you mean ${guess}?)`);
    expect(result.stderr).toContain(`to send it anyway write +${value}`);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(e2e.sandbox().sandbox.requestCount()).toBe(before);
  });

  it('sends a +value as it is', async () => {
    const token = e2e.sandbox().sandbox.issueToken();
    const result = await e2e.run(['credentials', 'list', '--state', '+archived', '--json', '--verbose'], {
      env: { ...env, AGENT_CLI_TOKEN: token },
    });
    // The CLI sends it; the sandbox, like the real agent, refuses a state it does not know.
    expect(result.stderr).toContain('GET ');
    expect(result.stderr).toContain('state=archived');
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/HTTP 4\d\d/);
  });
});

describe('a request value of the SDK without a flag (issue 18, item 3)', { timeout: 60_000 }, () => {
  it('a predicate condition outside the SDK list in --file is refused naming the field, nothing sent', async () => {
    const file = join(e2e.configDir(), 'proof-condition.json');
    const attribute = { attributeName: 'age', condition: '=>', value: '18', credDefId: 'cd-1' };
    const body = {
      connectionId: '1c7e2a90-5b3d-4f6e-8a1b-2c3d4e5f6a7b',
      proofFormats: { indy: { attributes: [attribute] } },
    };
    writeFileSync(file, JSON.stringify(body));
    const before = e2e.sandbox().sandbox.requestCount();
    const result = await e2e.run(['proofs', 'request', '--file', file, '--request-type', 'indy'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: --file ${file}: "proofFormats.indy.attributes[0].condition" must be one of >=, >, <=, <\n`,
    );
    expect(e2e.sandbox().sandbox.requestCount()).toBe(before);
  });
});
