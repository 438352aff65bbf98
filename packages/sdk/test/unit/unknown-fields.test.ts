/**
 * Issue 9, "types that help": response types name only the fields the SDK knows, but the records
 * keep every field the server sent; `unknownFields(record)` is the one documented way to reach the
 * others, at any depth. Real sockets on loopback.
 */
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentClient, unknownFields } from '../../src/index.js';
import { loadInOtherRealm } from '../support/other-realm.js';
import * as params from '../support/params.js';

const RECORD = {
  id: 'c1',
  state: 'offer-sent',
  connectionId: 'conn-1',
  conectionId: 'a field a deployment added',
  autoAcceptConnection: true,
  _tags: { state: 'offer-sent', customTag: 'x' },
  credentialAttributes: [{ name: 'name', value: 'Alice', 'x-hint': 1 }],
  metadata: { '_internal/indyRequest': { nonce: '1' } },
};
/** The fields of RECORD that its type does not name. */
const UNKNOWN = { conectionId: RECORD.conectionId, autoAcceptConnection: true };

// The CommonJS builds are other copies of the SDK: the main entry and `/models` each a bundle of its own.
const require = createRequire(import.meta.url);
const cjs = require('../../dist/index.cjs') as typeof import('../../src/index.js');
const cjsModels = require('../../dist/models/index.cjs') as typeof import('../../src/models/index.js');

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (body: unknown, status = 200) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url?.startsWith('/credentials')) return send([RECORD]);
    if (req.url?.startsWith('/dids/write')) {
      return send({ didState: { state: 'finished', did: 'did:key:z6Mk', ledger: 'l1' }, jobId: 'j1' });
    }
    if (req.url?.startsWith('/orgs/')) {
      return send(
        { statusCode: 201, message: 'ok', data: { invitationUrl: 'https://x/i', tracking: 7 }, traceId: 't' },
        201,
      );
    }
    send({ message: 'not found' }, 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new AgentClient({ baseUrl, accessToken: 'token-for-tests', retry: false });

describe('unknownFields', () => {
  it('gives the fields of a record its type does not name, and only those', async () => {
    const [record] = await client().credentials.list();
    if (!record) throw new Error('no record');
    expect(unknownFields(record)).toEqual(UNKNOWN);
    expect(record.connectionId).toBe('conn-1');
  });

  it('works on nested objects and array elements', async () => {
    const [record] = await client().credentials.list();
    expect(unknownFields(record?._tags ?? {})).toEqual({ customTag: 'x' });
    expect(unknownFields(record?.credentialAttributes?.[0] ?? {})).toEqual({ 'x-hint': 1 });
  });

  it('works on the /orgs envelope and its data', async () => {
    const answer = await client().org('org-1').offers.create(params.offerCreate.minimal);
    expect(unknownFields(answer)).toEqual({ traceId: 't' });
    expect(unknownFields(answer.data)).toEqual({ tracking: 7 });
  });

  it('works on a normalised answer: the raw registrar fields are the unknown ones', async () => {
    const result = await client().dids.write({ method: 'key', keyType: 'ed25519' });
    expect(result.did).toBe('did:key:z6Mk');
    expect(unknownFields(result)).toEqual({
      didState: { state: 'finished', did: 'did:key:z6Mk', ledger: 'l1' },
      jobId: 'j1',
    });
  });

  it('is read-only, and empty for an object without unknown fields or not from the SDK', async () => {
    const [record] = await client().credentials.list();
    expect(Object.isFrozen(unknownFields(record ?? {}))).toBe(true);
    expect(unknownFields(record?.metadata ?? {})).toEqual({});
    expect(unknownFields({ id: 'mine', other: 1 })).toEqual({});
    expect(unknownFields({ ...record })).toEqual({});
  });

  it('leaves the records as the server sent them: the mark is invisible', async () => {
    const [record] = await client().credentials.list();
    expect(Object.keys(record ?? {}).sort()).toEqual(Object.keys(RECORD).sort());
    expect(JSON.parse(JSON.stringify(record))).toEqual(RECORD);
    expect(record).toStrictEqual(RECORD);
  });

  it('keeps its mark hidden when Object.prototype has an `enumerable` (issue 23)', async () => {
    // The mark is defined with a descriptor: one inheriting from Object.prototype took its
    // `enumerable` from there, and `{ ...record }` then copied the mark. Added (not enumerable, so
    // nothing that lists keys sees it) for the length of the call only.
    Object.defineProperty(Object.prototype, 'enumerable', {
      value: true,
      configurable: true,
      writable: true,
    });
    let records: Awaited<ReturnType<ReturnType<typeof client>['credentials']['list']>>;
    try {
      records = await client().credentials.list();
    } finally {
      delete (Object.prototype as { enumerable?: unknown }).enumerable;
    }
    const [record] = records;
    if (!record) throw new Error('no record');
    expect(unknownFields(record)).toEqual(UNKNOWN);
    expect(unknownFields({ ...record })).toEqual({});
    expect(unknownFields({ ...record._tags })).toEqual({});
    expect(unknownFields(record._tags ?? {})).toEqual({ customTag: 'x' });
  });

  it('reads the marks through a Proxy, as Vue, Immer and other state libraries hand records back (issue 23)', async () => {
    // A mark kept as a private field (tried in issue 23: a tenth of the cost) is invisible through
    // a Proxy, whose traps never see a private name: `reactive({ records })` read as `{}`.
    const [record] = await client().credentials.list();
    if (!record) throw new Error('no record');
    const seen = new Proxy(record, { get: (target, key, receiver) => Reflect.get(target, key, receiver) });
    expect(unknownFields(seen)).toEqual(UNKNOWN);
    expect(unknownFields(seen._tags ?? {})).toEqual({ customTag: 'x' });
    expect(unknownFields(new Proxy(record, {}))).toEqual(unknownFields(record));
  });

  it('reads the marks of a copy of the SDK in another realm (a vm context)', async () => {
    const other = loadInOtherRealm<typeof cjsModels>(new URL('../../dist/models/index.cjs', import.meta.url));
    const [ours] = await client().credentials.list();
    if (!ours) throw new Error('no record');
    expect(other.unknownFields(ours)).toEqual(UNKNOWN);
    const theirs = other.CredentialExchangeRecord.parse(structuredClone(RECORD));
    expect(unknownFields(theirs)).toEqual(UNKNOWN);
  });

  it('reads the marks of every copy of the SDK: ESM and both CommonJS bundles', async () => {
    const [ours] = await client().credentials.list();
    const [theirs] = await new cjs.AgentClient({
      baseUrl,
      accessToken: 'token-for-tests',
      retry: false,
    }).credentials.list();
    for (const record of [ours, theirs]) {
      if (!record) throw new Error('no record');
      expect(unknownFields(record)).toEqual(UNKNOWN);
      expect(cjs.unknownFields(record)).toEqual(UNKNOWN);
      expect(cjsModels.unknownFields(record)).toEqual(UNKNOWN);
      expect(cjsModels.unknownFields(record._tags ?? {})).toEqual({ customTag: 'x' });
    }
    const parsed = cjsModels.CredentialExchangeRecord.parse(structuredClone(RECORD));
    expect(unknownFields(parsed)).toEqual(UNKNOWN);
    expect(cjs.unknownFields({ ...parsed })).toEqual({});
  });
});
