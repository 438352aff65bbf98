import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AgentClient, RequestValidationError } from '../../src/index.js';
import * as params from '../support/params.js';
import { credentialRecord, ORG_ID, outOfBandRecord, schemaFlat, signInResult } from '../support/records.js';
import { calls } from '../support/surface.js';

// A real server on loopback that answers every route of the table with a success, and counts what
// reaches it: an option that is refused must leave it at zero.
const record = credentialRecord();
const answers: Record<string, [number, unknown]> = {
  'POST /auth/signin': [200, { statusCode: 200, message: 'ok', data: signInResult() }],
  'GET /credentials': [200, [record]],
  'POST /credentials/negotiate-offer': [200, record],
  'POST /dids/write': [201, { did: 'did:key:z6Mk', didDocument: { id: 'did:key:z6Mk' } }],
  'POST /schemas': [201, schemaFlat()],
  [`POST /orgs/${ORG_ID}/credentials/oob/offer`]: [
    201,
    { statusCode: 201, message: 'ok', data: { invitationUrl: 'https://x.test/i' } },
  ],
  [`POST /orgs/${ORG_ID}/credentials/oob/email`]: [201, { statusCode: 201, message: 'ok', data: true }],
  [`POST /orgs/${ORG_ID}/proofs`]: [201, { statusCode: 201, message: 'ok', data: { id: 'p-1' } }],
  'POST /anything/accept-offer': [200, { queued: true }],
};
let server: Server;
let baseUrl: string;
const received: { key: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    for await (const _chunk of req);
    const key = `${req.method} ${req.url?.split('?')[0]}`;
    received.push({ key, headers: req.headers });
    const oob = /^GET \/oob\//.test(key)
      ? outOfBandRecord()
      : /accept-invitation$/.test(key)
        ? { outOfBandRecord: outOfBandRecord() }
        : undefined;
    const [status, body] = answers[key] ?? (oob ? [200, oob] : [404, { message: 'no' }]);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

const client = () => new AgentClient({ baseUrl, accessToken: 'token-1', retry: false });

/** Options a caller must not be able to give: each would change the call itself. */
const overrides: [string, unknown][] = [
  ['method', 'DELETE'],
  ['path', 'admin/x'],
  ['auth', false],
  ['query', { state: 'done' }],
  ['body', { injected: true }],
  ['request', undefined],
  ['response', undefined],
  ['accept', undefined],
  ['secrets', []],
  ['agentRoute', false],
  ['target', 'agent'],
  ['timout', 200],
];

describe('an option that is not one', () => {
  it.each(calls.flatMap(([name, c]) => overrides.map(([key, value]) => [name, key, value, c] as const)))(
    '%s refuses options.%s, sending nothing',
    async (_, key, value, c) => {
      const error = await c.call(client(), { [key]: value }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as Error).message).toContain(`options.${key} is not an option`);
      expect((error as RequestValidationError).issues[0]?.path).toBe(`options.${key}`);
      expect(received).toEqual([]);
    },
  );
});

describe('options that are not an options object', () => {
  const plain = calls.filter(([name]) => name !== 'org().proofs.request');
  it.each(plain.flatMap(([name, c]) => [200, 'timeout', true, [1]].map((v) => [name, v, c] as const)))(
    '%s refuses options %j, sending nothing',
    async (_, value, c) => {
      const error = await c.call(client(), value).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toBe('options');
      expect(received).toEqual([]);
    },
  );

  it.each(plain)('%s takes null options as none', async (_, c) => {
    await expect(c.call(client(), null)).resolves.toBeDefined();
    expect(received).toHaveLength(1);
  });

  it('proofs.request refuses options that are not an object, naming them', async () => {
    const proofs = client().org(ORG_ID).proofs;
    for (const value of [200, 'timeout', null]) {
      const error = await proofs
        .request(params.proofRequest.minimal, value as never)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toMatch(/^(options|requestType)$/);
    }
    expect(received).toEqual([]);
  });
});

describe('the options a call takes', () => {
  it.each(calls)('%s refuses a signal that is not an AbortSignal', async (_, c) => {
    const error = await c.call(client(), { signal: 'stop' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toBe('options.signal');
    expect(received).toEqual([]);
  });

  it.each(calls)('%s refuses headers that are not headers', async (_, c) => {
    for (const headers of [5, 'x-a: 1', [['x-a']], { 'x-a': 1 }]) {
      const error = await c.call(client(), { headers }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toBe('options.headers');
    }
    expect(received).toEqual([]);
  });

  it.each(calls)('%s sends headers given as pairs, a Headers or a record', async (_, c) => {
    for (const headers of [[['x-a', '1']], new Headers({ 'x-a': '1' }), { 'x-a': '1' }]) {
      await c.call(client(), { headers });
    }
    expect(received.map((r) => [r.headers['x-a'], r.headers['0']])).toEqual([
      ['1', undefined],
      ['1', undefined],
      ['1', undefined],
    ]);
  });

  it('offers.create and sendByEmail take null options as none', async () => {
    const offers = client().org(ORG_ID).offers;
    await offers.create(params.offerCreate.minimal, null as never);
    await offers.sendByEmail(params.offerEmail.minimal, null as never);
    expect(received).toHaveLength(2);
  });

  it('offers keep their own credentialType option', async () => {
    await client()
      .org(ORG_ID)
      .offers.create(params.offerCreate.minimal, { credentialType: 'jsonld', timeout: 5000 });
    expect(received).toHaveLength(1);
  });
});
