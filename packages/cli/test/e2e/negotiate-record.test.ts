import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

// Issue 20 items 5 and 6: `credentials negotiate` on a record that exists but names no connection,
// and on a shortened id as an 80-column table shows it.
const e2e = useE2E();
const token = () => e2e.sandbox().sandbox.issueToken();
let recordId: string;

beforeAll(async () => {
  const env = { AGENT_CLI_TOKEN: token() };
  const cred = ['--credential-type', 'indy', '--cred-def-id', 'cd-1', '--org', DEMO_ORG_ID];
  const offer = await e2e.run(
    ['offers', 'email', '--email', 'h@example.com', '--attr', 'name=Ada', ...cred],
    { env },
  );
  expect(offer.code).toBe(0);
  const listed = await e2e.run(['credentials', 'list', '--json'], { env });
  const records = JSON.parse(listed.stdout) as { id: string; connectionId?: string }[];
  const connectionless = records.find((r) => !r.connectionId);
  if (!connectionless) throw new Error('the sandbox made no record without a connection');
  recordId = connectionless.id;
}, 60_000);

describe('credentials negotiate <id>', { timeout: 60_000 }, () => {
  it('a record that exists but names no connection is said so, pointing at --connection-id', async () => {
    const result = await e2e.run(['credentials', 'negotiate', recordId], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`credential record ${recordId} names no connection`);
    expect(result.stderr).toContain('--connection-id');
    expect(result.stderr).not.toMatch(/not found/);
  });

  it('an id that no record has is said not found', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const result = await e2e.run(['credentials', 'negotiate', missing], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`credential record ${missing} was not found`);
  });

  it('a unique prefix of 8 characters is resolved to the record (the id a table shows)', async () => {
    const result = await e2e.run(['credentials', 'negotiate', recordId.slice(0, 8)], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`credential record ${recordId} names no connection`);
  });

  it('a prefix shorter than 8 characters, or matching no record, is refused naming it', async () => {
    const env = { AGENT_CLI_TOKEN: token() };
    const short = await e2e.run(['credentials', 'negotiate', recordId.slice(0, 5)], { env });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/<recordId>/);
    const none = await e2e.run(['credentials', 'negotiate', 'ffffffff'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no credential record id starts with "ffffffff"');
  });
});
