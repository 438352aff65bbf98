import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
const OFFER = ['--credential-type', 'indy', '--cred-def-id', 'cd-1', '--attr', 'name=Al'];

describe('a blank org is a usage error naming its source, up front (attack M7)', { timeout: 60_000 }, () => {
  it.each([
    ['AGENT_CLI_ORG', ['--dry-run'], { AGENT_CLI_ORG: ' ' }, []],
    ['AGENT_CLI_ORG', [], { AGENT_CLI_ORG: '  ' }, []],
    ['--org', ['--dry-run'], {}, ['--org', ' ']],
  ])('%s blank, offers email --csv %j', async (name, extra, env, org) => {
    const csv = join(e2e.configDir(), 'holders.csv');
    writeFileSync(csv, 'email,name\r\nada@example.com,Ada\r\n');
    const flags = ['--credential-type', 'indy', '--cred-def-id', 'cd-1'];
    const result = await e2e.run([...org, 'offers', 'email', '--csv', csv, ...flags, ...extra], {
      env: { AGENT_CLI_TOKEN: 'T', ...env },
    });
    expect(result.stderr).toBe(`error: ${name} is empty: give a value or leave it out\n`);
    expect(result.code).toBe(2);
  });

  it('--org blank, offers create --file', async () => {
    const result = await e2e.run(
      ['--org', ' ', 'offers', 'create', '--file', fixture('offer.json'), ...OFFER],
      {
        env: { AGENT_CLI_TOKEN: 'T' },
      },
    );
    expect(result.stderr).toBe('error: --org is empty: give a value or leave it out\n');
    expect(result.code).toBe(2);
  });
});
