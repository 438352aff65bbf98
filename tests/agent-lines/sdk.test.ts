/**
 * The SDK against stand-ins of both credo-controller lines on 127.0.0.1: which secret reaches
 * which path, line detection and its override, the token exchange and its one retry after a 401,
 * the tenant token, and where every agent method of the SDK goes on each line.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AgentClient,
  type AgentDeployment,
  AuthenticationError,
  MemoryTokenStore,
  NotFoundError,
  type RequestEvent,
  ResponseValidationError,
} from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import type { StandIn } from '../support/credo-stand-in.js';
import { trail, useStandIns } from '../support/stand-ins.js';

const OOB_ID = 'c7a1b0d2-5e3f-4c6a-8b9d-1e2f3a4b5c6d';
const CONNECTION_ID = '9b2d7c4e-1a3f-4e5b-8c6d-7f8a9b0c1d2e';
const RECORD_ID = '4e8f2a1b-6c3d-4b7e-9a0f-2d5c8e1b3a6f';

const standIn = useStandIns();

function clientFor(s: StandIn, agent: Partial<AgentDeployment> = {}, events?: RequestEvent[]): AgentClient {
  return new AgentClient({
    baseUrl: 'http://127.0.0.1:9/v1',
    agent: { baseUrl: s.url, apiKey: s.apiKey, ...agent },
    retry: false,
    ...(events ? { hooks: { onRequest: (e) => events.push(e) } } : {}),
  });
}

/** Every agent method of the SDK, and the path it calls on each line. */
const METHODS: [name: string, call: (c: AgentClient) => Promise<unknown>, v20: string, v21: string][] = [
  ['oob.get', (c) => c.oob.get(OOB_ID), `GET /oob/${OOB_ID}`, `GET /didcomm/oob/${OOB_ID}`],
  [
    'oob.acceptInvitation',
    (c) => c.oob.acceptInvitation(OOB_ID, { label: 'Holder' }),
    `POST /oob/${OOB_ID}/accept-invitation`,
    `POST /didcomm/oob/${OOB_ID}/accept-invitation`,
  ],
  [
    'credentials.list',
    (c) => c.credentials.list({ state: 'offer-received' }),
    'GET /credentials?state=offer-received',
    'GET /didcomm/credentials?state=offer-received',
  ],
  [
    'credentials.negotiateOffer',
    (c) =>
      c.credentials.negotiateOffer({
        protocolVersion: 'v2',
        credentialRecordId: RECORD_ID,
        connectionId: CONNECTION_ID,
        credentialFormats: { jsonld: {} },
      }),
    'POST /credentials/negotiate-offer',
    'POST /didcomm/credentials/negotiate-offer',
  ],
  [
    'dids.write',
    (c) => c.dids.write({ method: 'key', keyType: 'ed25519' }),
    'POST /dids/write',
    'POST /dids/write',
  ],
  [
    'schemas.create',
    (c) =>
      c.schemas.create({
        issuerId: 'did:indy:bcovrin:testnet:7Tqg6BwSSWapxgUDm9KKgg',
        name: 'Employee',
        version: '1.0.0',
        attributes: ['name'],
      }),
    'POST /schemas',
    'POST /anoncreds/schemas',
  ],
];

describe('line 2.1 (token exchange, routes under prefixes)', () => {
  it('detects the line, exchanges the key once and sends only the token to the routes', async () => {
    const s = await standIn('2.1');
    const client = clientFor(s);
    await client.credentials.list();
    await client.oob.get(OOB_ID);
    await client.credentials.list();
    expect(trail(s)).toEqual([
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:base',
      `GET /didcomm/oob/${OOB_ID} jwt:base`,
      'GET /didcomm/credentials jwt:base',
    ]);
  });

  it('sends one exchange for calls made at once', async () => {
    const s = await standIn('2.1');
    const client = clientFor(s);
    await Promise.all([client.credentials.list(), client.oob.get(OOB_ID), client.credentials.list()]);
    expect(s.seen.filter((r) => r.path === '/agent/token')).toHaveLength(1);
    expect(s.seen.filter((r) => r.secret === 'key')).toHaveLength(1);
  });

  it.each(METHODS)('%s calls its line 2.1 path with the token', async (_name, call, _v20, v21) => {
    const s = await standIn('2.1');
    await call(clientFor(s, { line: '2.1' }));
    expect(trail(s)).toEqual(['POST /agent/token key', `${v21} jwt:base`]);
  });

  it('exchanges again once after a 401 and repeats the call', async () => {
    const s = await standIn('2.1');
    const client = clientFor(s);
    await client.credentials.list();
    s.rotate();
    const records = await client.credentials.list();
    expect(records).toHaveLength(1);
    expect(trail(s)).toEqual([
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:base',
      'GET /didcomm/credentials jwt:stale',
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:base',
    ]);
  });

  it('gives up with an AuthenticationError when the fresh token is refused too', async () => {
    const s = await standIn('2.1');
    s.breakTokens();
    const error = await clientFor(s)
      .credentials.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toMatch(/agent/i);
    // What was refused is a field: the token the agent had just issued, not the key.
    expect(error).toMatchObject({ reason: 'rejected', refused: 'token', path: 'didcomm/credentials' });
    expect(trail(s)).toEqual([
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:stale',
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:stale',
    ]);
  });

  it('says the agent refused its API key when the exchange is refused, and sends nothing else', async () => {
    const s = await standIn('2.1');
    const error = await clientFor(s, { apiKey: 'not-the-key' })
      .credentials.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('POST /agent/token');
    expect((error as Error).message).not.toContain('not-the-key');
    expect(error).toMatchObject({ reason: 'rejected', refused: 'api-key', path: 'agent/token' });
    expect(trail(s)).toEqual(['POST /agent/token other']);
  });

  it('fetches the tenant token with the base token and uses it on every route', async () => {
    const s = await standIn('2.1', ['tenant-7']);
    const client = clientFor(s, { tenantId: 'tenant-7' });
    await client.credentials.list();
    await client.dids.write({ method: 'key', keyType: 'ed25519' });
    expect(trail(s)).toEqual([
      'POST /agent/token key',
      'POST /multi-tenancy/get-token/tenant-7 jwt:base',
      'GET /didcomm/credentials jwt:tenant-7',
      'POST /dids/write jwt:tenant-7',
    ]);
  });

  it('fetches both tokens again after a 401 with a tenant', async () => {
    const s = await standIn('2.1', ['tenant-7']);
    const client = clientFor(s, { tenantId: 'tenant-7' });
    await client.credentials.list();
    s.rotate();
    await client.credentials.list();
    expect(trail(s).slice(3)).toEqual([
      'GET /didcomm/credentials jwt:stale',
      'POST /agent/token key',
      'POST /multi-tenancy/get-token/tenant-7 jwt:base',
      'GET /didcomm/credentials jwt:tenant-7',
    ]);
  });

  it('reports an unknown tenant as the agent says it', async () => {
    const s = await standIn('2.1', ['tenant-7']);
    const error = await clientFor(s, { tenantId: 'tenant-8' })
      .credentials.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('tenant-8');
  });

  it('refuses a bad body before anything is sent, the exchange included', async () => {
    const s = await standIn('2.1');
    const error = await clientFor(s)
      .dids.write({ method: 'key' } as never)
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('RequestValidationError');
    expect(s.seen).toEqual([]);
  });

  it('keeps request() paths literal, with the token', async () => {
    const s = await standIn('2.1');
    const client = clientFor(s);
    await client.request({ method: 'GET', path: '/didcomm/credentials' });
    const literal = await client.request({ method: 'GET', path: '/credentials' }).catch((e: unknown) => e);
    expect(literal).toBeInstanceOf(NotFoundError);
    expect(trail(s)).toEqual([
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:base',
      'GET /credentials jwt:base',
    ]);
  });

  it('keeps the key and the token out of hooks and errors', async () => {
    const s = await standIn('2.1');
    const events: RequestEvent[] = [];
    const client = clientFor(s, {}, events);
    await client.credentials.list();
    const error = await client.request({ method: 'GET', path: '/nowhere' }).catch((e: unknown) => e);
    const token = s.seen.find((r) => r.secret === 'jwt:base')?.authorization?.replace(/^Bearer /, '') ?? '?';
    const shown = JSON.stringify(events) + String(error) + JSON.stringify(error);
    expect(shown).not.toContain(s.apiKey);
    expect(shown).not.toContain(token);
  });

  it('uses a token the agent token store holds for this agent, without exchanging', async () => {
    const s = await standIn('2.1');
    const tokenStore = new MemoryTokenStore();
    await clientFor(s, { tokenStore }).credentials.list();
    s.seen.length = 0;
    await clientFor(s, { tokenStore }).credentials.list();
    expect(trail(s)).toEqual(['GET /didcomm/credentials jwt:base']);
  });

  it('never sends a token stored for another agent or tenant: it exchanges afresh', async () => {
    const a = await standIn('2.1');
    const b = await standIn('2.1', ['tenant-Z']);
    const tokenStore = new MemoryTokenStore();
    await clientFor(a, { tokenStore }).credentials.list();
    await clientFor(b, { tokenStore, apiKey: b.apiKey }).credentials.list();
    expect(trail(b)).toEqual(['POST /agent/token key', 'GET /didcomm/credentials jwt:base']);
    b.seen.length = 0;
    await clientFor(b, { tokenStore, tenantId: 'tenant-Z' }).credentials.list();
    expect(trail(b)).toEqual([
      'POST /agent/token key',
      'POST /multi-tenancy/get-token/tenant-Z jwt:base',
      'GET /didcomm/credentials jwt:tenant-Z',
    ]);
    // The same URL written differently is the same agent; the tenant's token is not the base wallet's.
    b.seen.length = 0;
    await clientFor(b, { tokenStore, baseUrl: `${b.url}/` }).credentials.list();
    expect(trail(b)[0]).toBe('POST /agent/token key');
    expect(trail(b).some((t) => t.endsWith('jwt:tenant-Z'))).toBe(false);
  });

  it('keeps the platform token and the agent token apart in one store object', async () => {
    const platformSeen: string[] = [];
    const platform = createServer((req, res) => {
      platformSeen.push(`${req.method} ${req.url} ${req.headers.authorization ?? 'none'}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((done) => platform.listen(0, '127.0.0.1', done));
    try {
      const s = await standIn('2.1');
      const store = new MemoryTokenStore();
      const client = new AgentClient({
        baseUrl: `http://127.0.0.1:${(platform.address() as AddressInfo).port}/v1`,
        accessToken: 'platform-bearer-token',
        tokenStore: store,
        agent: { baseUrl: s.url, apiKey: s.apiKey, tokenStore: store },
        retry: false,
      });
      await client.credentials.list();
      await client.request({ method: 'GET', path: '/orgs/11111111-2222-4333-8444-555555555555' });
      await client.credentials.list();
      expect(trail(s)).toEqual([
        'POST /agent/token key',
        'GET /didcomm/credentials jwt:base',
        'GET /didcomm/credentials jwt:base',
      ]);
      expect(platformSeen).toEqual([
        'GET /v1/orgs/11111111-2222-4333-8444-555555555555 Bearer platform-bearer-token',
      ]);
    } finally {
      await new Promise((done) => platform.close(done));
    }
  });

  it('stores the token it gets in the agent token store', async () => {
    const s = await standIn('2.1');
    const tokenStore = new MemoryTokenStore();
    await clientFor(s, { tokenStore }).credentials.list();
    const sent = s.seen[1]?.authorization?.replace(/^Bearer /, '');
    expect(tokenStore.get()?.accessToken).toBe(sent);
  });
});

describe('line 2.0 (raw key, root routes)', () => {
  it('detects the line from the 404 at /agent/token and sends the raw key to root paths', async () => {
    const s = await standIn('2.0');
    const client = clientFor(s);
    await client.credentials.list();
    await client.oob.get(OOB_ID);
    expect(trail(s)).toEqual(['POST /agent/token key', 'GET /credentials key', `GET /oob/${OOB_ID} key`]);
  });

  it.each(METHODS)('%s calls its line 2.0 path with the key', async (_name, call, v20) => {
    const s = await standIn('2.0');
    await call(clientFor(s, { line: '2.0' }));
    expect(trail(s)).toEqual([`${v20} key`]);
  });

  it('does not probe when the line is set', async () => {
    const s = await standIn('2.0');
    await clientFor(s, { line: '2.0' }).credentials.list();
    expect(trail(s)).toEqual(['GET /credentials key']);
  });
});

describe('an explicit line overrides detection', () => {
  it('2.0 against a 2.1 agent sends the key to the root path, as told', async () => {
    const s = await standIn('2.1');
    const error = await clientFor(s, { line: '2.0' })
      .credentials.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(trail(s)).toEqual(['GET /credentials key']);
  });

  it('2.1 against a 2.0 agent exchanges and fails on the 404, sending the key nowhere else', async () => {
    const s = await standIn('2.0');
    const error = await clientFor(s, { line: '2.1' })
      .credentials.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(trail(s)).toEqual(['POST /agent/token key']);
  });

  it('refuses an unknown line and a tenant on line 2.0, naming the option', () => {
    const bad = (agent: Partial<AgentDeployment>) => () =>
      new AgentClient({
        baseUrl: 'http://127.0.0.1:9',
        agent: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k', ...agent },
      });
    expect(bad({ line: '3.0' as never })).toThrow('agent.line');
    expect(bad({ tenantId: '' })).toThrow('agent.tenantId');
    expect(bad({ line: '2.0', tenantId: 't' })).toThrow('agent.tenantId');
  });
});

describe('detection reads only a 404 or 405 at POST /agent/token as line 2.0', () => {
  /** An agent whose /agent/token answers `status` with `body`; every request is logged. */
  async function oddAgent(status: number, type: string, body: string, others = '[]') {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? 'none'}`);
      if (req.url === '/agent/token') res.writeHead(status, { 'content-type': type }).end(body);
      else res.writeHead(200, { 'content-type': 'application/json' }).end(others);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { seen, url, close: () => new Promise((done) => server.close(done)) };
  }

  it('a bad answer on line 2.1 names the path sent (didcomm/credentials), not the line-2.0 one', async () => {
    const agent = await oddAgent(200, 'application/json', '{"token":"eyJ.a.b"}', '[{"id":5}]');
    try {
      const client = new AgentClient({
        baseUrl: 'http://127.0.0.1:9/v1',
        agent: { baseUrl: agent.url, apiKey: 'agent-key-odd' },
        retry: false,
      });
      const error = await client.credentials.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error).toMatchObject({ method: 'GET', path: 'didcomm/credentials', target: 'agent' });
      expect((error as Error).message).toContain('GET /didcomm/credentials');
    } finally {
      await agent.close();
    }
  });

  it.each([
    ['an HTML page', 'text/html', '<html>welcome</html>'],
    ['{}', 'application/json', '{}'],
    ['a number token', 'application/json', '{"token":5}'],
    ['an empty token', 'application/json', '{"token":""}'],
    ['a token with CR/LF', 'application/json', '{"token":"eyJ.a\\r\\nX-Evil: 1"}'],
  ])('a 200 with %s is an error naming the agent URL; the key goes nowhere else', async (_n, type, body) => {
    const agent = await oddAgent(200, type, body);
    try {
      const client = new AgentClient({
        baseUrl: 'http://127.0.0.1:9/v1',
        agent: { baseUrl: agent.url, apiKey: 'agent-key-odd' },
        retry: false,
      });
      const error = await client.credentials.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(String((error as Error).message)).toContain(`${agent.url} `);
      expect(String((error as Error).message)).toMatch(/POST \/agent\/token/);
      expect(agent.seen).toEqual(['POST /agent/token agent-key-odd']);
    } finally {
      await agent.close();
    }
  });
});
