import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentClient,
  type APIPromise,
  callResolvingTo,
  NotFoundError,
  ServerError,
  withResponse,
} from '../../src/index.js';
import * as params from '../support/params.js';
import {
  credentialRecord,
  OOB_ID,
  ORG_ID,
  outOfBandRecord,
  schemaFlat,
  signInResult,
} from '../support/records.js';
import { calls, surface, table } from '../support/surface.js';

// A real server on loopback. Every route answers with a status and an `x-request-id` of its own, so
// a response taken from the wrong answer (another call's, or a sign-in's before the call) shows.
interface Route {
  status: number;
  body?: unknown;
}
const record = credentialRecord();
const routes: Record<string, Route> = {
  'POST /auth/signin': { status: 200, body: { statusCode: 200, message: 'ok', data: signInResult() } },
  [`GET /oob/${OOB_ID}`]: { status: 200, body: outOfBandRecord() },
  [`POST /oob/${OOB_ID}/accept-invitation`]: { status: 200, body: { outOfBandRecord: outOfBandRecord() } },
  'GET /credentials': { status: 200, body: [record] },
  'POST /credentials/negotiate-offer': { status: 200, body: record },
  'POST /dids/write': { status: 201, body: { did: 'did:key:z6Mk', didDocument: { id: 'did:key:z6Mk' } } },
  'POST /schemas': { status: 201, body: schemaFlat() },
  [`POST /orgs/${ORG_ID}/credentials/oob/offer`]: {
    status: 201,
    body: { statusCode: 201, message: 'created', data: { invitationUrl: 'https://x.test/i' } },
  },
  [`POST /orgs/${ORG_ID}/credentials/oob/email`]: {
    status: 201,
    body: { statusCode: 201, message: 'sent', data: true },
  },
  [`POST /orgs/${ORG_ID}/proofs`]: {
    status: 201,
    body: { statusCode: 201, message: 'sent', data: { id: 'p-1', state: 'request-sent' } },
  },
  'POST /anything/accept-offer': { status: 202, body: { queued: true } },
  'DELETE /anything/1': { status: 204 },
  // An agent of line 2.1: its key is exchanged for a token, then the call goes to `/didcomm/…`.
  'POST /agent/token': { status: 200, body: { token: 'agent-token-1' } },
  'GET /didcomm/credentials': { status: 200, body: [record] },
};
const requestIdOf = (key: string) => `req ${key}`;

let server: Server;
let baseUrl: string;
const received: string[] = [];

async function bodyOf(req: IncomingMessage): Promise<void> {
  for await (const _chunk of req);
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    await bodyOf(req);
    const key = `${req.method} ${req.url?.split('?')[0]}`;
    received.push(key);
    const route = routes[key];
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json', 'x-request-id': 'req_404' });
      res.end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    const headers = { 'x-request-id': requestIdOf(key), 'x-extra': 'yes' };
    if (route.body === undefined) return res.writeHead(route.status, headers).end();
    res.writeHead(route.status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(route.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new AgentClient({ baseUrl, accessToken: 'token', retry: false });

const found = surface(new AgentClient({ baseUrl: 'http://agent.test' }));

describe('the argument table', () => {
  it('has an entry for every method of the client, and none for a method that is gone', () => {
    expect(found.length).toBeGreaterThan(10);
    expect(Object.keys(table).sort()).toEqual([...found].sort());
  });
});

describe('.withResponse() on every method', () => {
  it.each(calls)('%s gives the parsed data and the response of the answer it came from', async (_, c) => {
    const agent = client();
    const route = routes[c.route] as Route;
    const promise = c.call(agent) as Promise<unknown> & { withResponse?: unknown };
    expect(promise).toBeInstanceOf(Promise);
    expect(typeof promise.withResponse).toBe('function');
    const { data, response } = await (
      promise as unknown as { withResponse(): Promise<{ data: unknown; response: unknown }> }
    ).withResponse();
    expect(data).toEqual(await c.call(agent));
    expect(response).toEqual({
      status: route.status,
      headers: expect.any(Headers),
      requestId: requestIdOf(c.route),
    });
    expect((response as { headers: Headers }).headers.get('x-extra')).toBe('yes');
  });

  it('the withResponse() function gives the same for every call', async () => {
    for (const [name, c] of calls) {
      const { response } = await withResponse(c.call(client()) as APIPromise<unknown>);
      expect([name, response.requestId]).toEqual([name, requestIdOf(c.route)]);
    }
    // A plain promise, or one that is not a call's, is a compile error and a TypeError when run.
    // @ts-expect-error: not the promise of an SDK call
    await expect(withResponse(Promise.resolve({ id: 1 }))).rejects.toThrow(TypeError);
    // @ts-expect-error: session() sends nothing and has no response
    await expect(withResponse(client().auth.session())).rejects.toThrow(TypeError);
    // @ts-expect-error: not a promise at all
    await expect(withResponse(null)).rejects.toThrow(TypeError);
  });

  it("the withResponse() function takes a call of the SDK's other build (CommonJS next to ESM)", async () => {
    // The built CommonJS copy: its APIPromise is another class than the one the sources define.
    const require = createRequire(import.meta.url);
    const other = require('../../dist/index.cjs') as typeof import('../../src/index.js');
    const call = new other.AgentClient({ baseUrl, accessToken: 'token', retry: false }).credentials.list();
    const own = client().credentials.list();
    expect(Object.getPrototypeOf(call)).not.toBe(Object.getPrototypeOf(own));
    await own;
    const { data, response } = await withResponse(call);
    expect([data, response.requestId]).toEqual([[expect.anything()], requestIdOf('GET /credentials')]);
  });

  it('a 204 without a body gives data undefined and the response', async () => {
    const { data, response } = await client()
      .request({ method: 'DELETE', path: '/anything/1' })
      .withResponse();
    expect(data).toBeUndefined();
    expect([response.status, response.requestId]).toEqual([204, requestIdOf('DELETE /anything/1')]);
  });

  it('has no request id when the service sends none', async () => {
    const quiet = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]'),
    );
    await new Promise<void>((resolve) => quiet.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(quiet.address() as AddressInfo).port}`;
      const agent = new AgentClient({ baseUrl: url, accessToken: 'token' });
      const { data, response } = await agent.credentials.list().withResponse();
      expect([data, response.status, response.requestId]).toEqual([[], 200, undefined]);
    } finally {
      await new Promise<void>((resolve) => quiet.close(() => resolve()));
    }
  });
});

describe('a call that signs in or exchanges a key first', () => {
  it('gives the response of its own answer, not of the sign-in', async () => {
    received.length = 0;
    const agent = new AgentClient({ baseUrl, credentials: params.signIn.minimal, retry: false });
    const { data, response } = await agent.credentials.list().withResponse();
    expect(received).toEqual(['POST /auth/signin', 'GET /credentials']);
    expect(data).toHaveLength(1);
    expect(response.requestId).toBe(requestIdOf('GET /credentials'));
  });

  it("gives the response of its own answer, not of the agent's token exchange", async () => {
    received.length = 0;
    const agent = new AgentClient({ baseUrl, agent: { baseUrl, apiKey: 'agent-key-1', line: '2.1' } });
    const { data, response } = await agent.credentials.list().withResponse();
    expect(received).toEqual(['POST /agent/token', 'GET /didcomm/credentials']);
    expect(data).toHaveLength(1);
    expect(response.requestId).toBe(requestIdOf('GET /didcomm/credentials'));
  });
});

describe('the promise of a call', () => {
  it('is sent once, however often it is awaited or asked for its response', async () => {
    received.length = 0;
    const promise = client().credentials.list();
    const [first, both, second] = await Promise.all([promise, promise.withResponse(), promise]);
    expect(first).toEqual([expect.objectContaining({ id: record['id'] })]);
    expect(both.data).toEqual(first);
    expect(second).toEqual(first);
    expect(received).toEqual(['GET /credentials']);
  });

  it('works with then, catch and finally as before', async () => {
    const agent = client();
    let settled = 0;
    const list = await agent.credentials.list().finally(() => settled++);
    expect(list).toHaveLength(1);
    expect(await agent.credentials.list().then((l) => l.length)).toBe(1);
    const missing = await agent.oob.get('6f1d3c2a-9b8e-4d7f-8a6b-5c4d3e2f1a0b').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    const failed = agent.oob.get('6f1d3c2a-9b8e-4d7f-8a6b-5c4d3e2f1a0b').finally(() => settled++);
    await expect(failed).rejects.toBeInstanceOf(NotFoundError);
    expect(settled).toBe(2);
  });

  it('rejects .withResponse() with the error and leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const error = await client()
        .oob.get('6f1d3c2a-9b8e-4d7f-8a6b-5c4d3e2f1a0b')
        .withResponse()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).requestId).toBe('req_404');
      // Invalid input rejects too (nothing thrown synchronously, nothing sent).
      const invalid = await client()
        .oob.get('not-a-uuid')
        .withResponse()
        .catch((e: unknown) => e);
      expect(invalid).toBeInstanceOf(Error);
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('shows its state when inspected: pending, its data, or the error (not the base promise)', async () => {
    received.length = 0;
    const agent = client();
    const pending = agent.credentials.list();
    expect(inspect(pending)).toBe('APIPromise { <pending> }');
    await pending;
    expect(inspect(pending, { depth: 3 })).toMatch(/^APIPromise \{[\s\S]*data: \[[\s\S]*id: '[^']+'/);
    expect(inspect(pending)).not.toMatch(/undefined/);
    // Nested, it takes the depth left as any value does.
    expect(inspect({ a: { b: { call: pending } } }, { depth: 2 })).toContain('call: [APIPromise]');
    const failed = agent.oob.get('6f1d3c2a-9b8e-4d7f-8a6b-5c4d3e2f1a0b');
    await failed.catch(() => undefined);
    expect(inspect(failed)).toMatch(/^APIPromise \{\s+<rejected> NotFoundError/);
    expect(received.filter((line) => line.startsWith('GET /credentials'))).toHaveLength(1);
  });

  it('an ApiError still carries the request id of a refused call', async () => {
    const failed = await client()
      .request({ method: 'POST', path: '/nowhere', body: {} })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(NotFoundError);
    expect(failed).not.toBeInstanceOf(ServerError);
    expect((failed as NotFoundError).requestId).toBe('req_404');
  });
});

describe('the response of .withResponse()', () => {
  it('has the token scrubbed from its headers and request id, as the errors do', async () => {
    // A hostile server that echoes the bearer token in the request id and another header.
    const echo = createServer((req, res) => {
      const token = /Bearer (\S+)/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-request-id': `req-${token}`,
        'x-echo': `seen ${token}`,
        'set-cookie': 'session=abc',
      });
      res.end('[]');
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
      const agent = new AgentClient({ baseUrl: url, accessToken: 'tok-SECRET-9', retry: false });
      for (const promise of [agent.credentials.list(), agent.requestRaw({ method: 'GET', path: '/x' })]) {
        const { response } = await promise.withResponse();
        const shown = JSON.stringify([response.requestId, [...response.headers]]);
        expect(shown).not.toContain('tok-SECRET-9');
        expect(response.requestId).toBe('req-[REDACTED]');
        expect(response.headers.get('x-echo')).toBe('seen [REDACTED]');
        expect(response.headers.get('set-cookie')).toBe('[REDACTED]');
      }
    } finally {
      await new Promise<void>((resolve) => echo.close(() => resolve()));
    }
  });
});

describe('callResolvingTo(), for typed fakes of SDK methods in tests', () => {
  it('resolves to the data and gives it with the response given (200 and no headers by default)', async () => {
    const call = callResolvingTo([1, 2]);
    expect(await call).toEqual([1, 2]);
    const { data, response } = await call.withResponse();
    expect([data, response.status, [...response.headers], response.requestId]).toEqual([
      [1, 2],
      200,
      [],
      undefined,
    ]);
    const { response: given } = await withResponse(
      callResolvingTo('x', { status: 201, headers: new Headers({ 'x-request-id': 'r-1' }) }),
    );
    expect([given.status, given.requestId]).toEqual([201, 'r-1']);
  });
});
