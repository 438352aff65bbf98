import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const server = useRecorder();
const TEMPLATE = fileURLToPath(new URL('../fixtures/email-offer.json', import.meta.url));

describe('a root option whose value is the next flag (an unquoted empty variable, attack F15)', {
  timeout: 60_000,
}, () => {
  it.each([
    [['offers', 'email', '--email', 'q@x.com', '--org', '--dry-run'], '--org', '--dry-run'],
    [['--org', '--json', 'offers', 'email', '--email', 'q@x.com'], '--org', '--json'],
    [
      ['offers', 'email', '--email', 'q@x.com', '--org', 'o1', '--profile', '--verbose'],
      '--profile',
      '--verbose',
    ],
  ])('%j is a usage error naming the option; nothing is sent', async (argv, flag, next) => {
    const result = await e2e.run(
      [...argv, '--file', TEMPLATE, '--credential-type', 'jsonld', '--base-url', server.url()],
      { env: { AGENT_CLI_TOKEN: 'tok' } },
    );
    expect(result.stderr).toBe(
      `error: ${flag} needs a value, got the option "${next}" (an empty variable left unquoted?)\n`,
    );
    expect(result.code).toBe(2);
    expect(server.received).toEqual([]);
  });
});
