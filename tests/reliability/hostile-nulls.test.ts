/**
 * Issue 9, item 5, over a real socket: a database-backed deployment that sends `null` for every
 * optional field of every record (generated from the schema), and an agent that answers
 * `/dids/write` with `{ did }` alone. The SDK returns the records; the shipped CLI prints them.
 */
import { AgentClient, CredentialExchangeRecordList } from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { optionalFields, sample, setAt } from '../../packages/sdk/test/support/schema-walk.js';
import { type HostileServer, hostileServer, json } from './support/hostile-server.js';
import { FETCHES, withFetch } from './support/sdk-client.js';

/** Two records: every optional field null, deepest first so each level is tried. */
const fields = optionalFields(CredentialExchangeRecordList).sort((a, b) => b.path.length - a.path.length);
const allNull = fields.reduce<unknown>(
  (v, f) => setAt(v, f.path, null),
  sample(CredentialExchangeRecordList),
);
const nestedNull = fields
  .filter((f) => f.path.length > 2)
  .reduce<unknown>((v, f) => setAt(v, f.path, null), sample(CredentialExchangeRecordList));
const RECORDS = [...(allNull as object[]), ...(nestedNull as object[])];
const DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer((req, res) =>
    req.url?.startsWith('/dids') ? json(res, 200, { did: DID }) : json(res, 200, RECORDS),
  );
});
afterAll(() => server.close());

describe.each(FETCHES)('with the $name', (f) => {
  it(`credentials.list reads records with null in all ${fields.length} optional fields as absent`, async () => {
    const client = new AgentClient({ baseUrl: server.url, accessToken: 'token-value', ...withFetch(f) });
    const records = await client.credentials.list();
    expect(records).toHaveLength(2);
    expect(records[0]?.errorMessage).toBeUndefined();
    expect(records[0]?.connectionId).toBeUndefined();
    expect(records[1]?.credentials?.[0]?.credentialRecordId).toBeUndefined();
  });

  it('dids.write answered { did } without didDocument returns the DID', async () => {
    const client = new AgentClient({ baseUrl: server.url, accessToken: 'token-value', ...withFetch(f) });
    const result = await client.dids.write({ method: 'key', keyType: 'ed25519', did: DID });
    expect(result.did).toBe(DID);
    expect(result.didDocument).toBeUndefined();
  });
});

describe('agent-cli', () => {
  const e2e = useE2E();
  const env = { AGENT_CLI_BASE_URL: '', AGENT_CLI_TOKEN: 'token-value' };
  it('credentials list --json prints records full of nulls and exits 0', async () => {
    const result = await e2e.run(['credentials', 'list', '--json'], {
      env: { ...env, AGENT_CLI_BASE_URL: server.url },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(2);
  });

  it('dids write against an answer without didDocument exits 0 with the DID', async () => {
    const args = ['dids', 'write', '--method', 'key', '--key-type', 'ed25519', '--did', DID, '--json'];
    const result = await e2e.run(args, { env: { ...env, AGENT_CLI_BASE_URL: server.url } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ did: DID });
  });
});
