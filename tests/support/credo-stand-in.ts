/**
 * A stand-in for credo-controller on 127.0.0.1, written from the facts in the reference (not from
 * the SDK): line 2.0 takes the raw API key on every route at the root paths; line 2.1 takes the raw
 * key only at `POST /agent/token`, which answers `{ token }`, wants that token (raw or `Bearer `)
 * everywhere else, serves the agent routes under `/didcomm/…` and `/anoncreds/…`, and hands a
 * tenant's token at `POST /multi-tenancy/get-token/{tenantId}` for the base wallet's token. Unknown
 * routes are 404 HTML. Every request is logged with the secret it carried.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Line = '2.0' | '2.1';

/** What reached the stand-in: who the `Authorization` header says the caller is. */
export interface Seen {
  method: string;
  /** The path and query as they arrived. */
  path: string;
  /** `key` (the raw API key), `jwt:base`, `jwt:<tenantId>`, `none` or `other`. */
  secret: string;
  /** The header as sent. */
  authorization: string | undefined;
}

export interface StandIn {
  url: string;
  line: Line;
  apiKey: string;
  seen: Seen[];
  /** Changes the signing secret: every token handed out so far is refused from now on. */
  rotate(): void;
  /** From now on, every token handed out is refused (a secret that changes on every exchange). */
  breakTokens(): void;
  close(): Promise<void>;
}

const OOB_ID = 'c7a1b0d2-5e3f-4c6a-8b9d-1e2f3a4b5c6d';
const CONNECTION_ID = '9b2d7c4e-1a3f-4e5b-8c6d-7f8a9b0c1d2e';
const RECORD_ID = '4e8f2a1b-6c3d-4b7e-9a0f-2d5c8e1b3a6f';
const DID = 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH';

const oobRecord = {
  id: OOB_ID,
  createdAt: '2025-08-05T10:00:00.000Z',
  role: 'sender',
  state: 'await-response',
  reusable: false,
  _tags: { state: 'await-response', role: 'sender', invitationId: 'inv-1' },
  metadata: {},
  outOfBandInvitation: {
    '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
    '@id': 'inv-1',
    label: 'Issuer',
    services: ['did:peer:2.Ez6LSissuer'],
  },
};
const connection = {
  id: CONNECTION_ID,
  createdAt: '2025-08-05T10:01:00.000Z',
  state: 'request-sent',
  role: 'requester',
  outOfBandId: OOB_ID,
  _tags: {},
  metadata: {},
};
const credentialRecord = {
  id: RECORD_ID,
  createdAt: '2025-08-05T10:02:00.000Z',
  state: 'offer-received',
  role: 'holder',
  protocolVersion: 'v2',
  connectionId: CONNECTION_ID,
  threadId: 'thread-1',
  credentials: [],
  credentialAttributes: [],
  _tags: {},
  metadata: {},
};
const didDocument = {
  '@context': ['https://w3id.org/did/v1'],
  id: DID,
  verificationMethod: [
    { id: `${DID}#k`, type: 'Ed25519VerificationKey2018', controller: DID, publicKeyBase58: 'H3C2' },
  ],
};
const schemaId = 'did:indy:bcovrin:testnet:7Tqg6BwSSWapxgUDm9KKgg/anoncreds/v0/SCHEMA/Employee/1.0.0';
const schema = {
  state: 'finished',
  schemaId,
  schema: {
    issuerId: 'did:indy:bcovrin:testnet:7Tqg6BwSSWapxgUDm9KKgg',
    name: 'Employee',
    version: '1.0.0',
    attrNames: ['name'],
  },
};

/** The answer of a record route for an id the agent does not know: Credo's 404 JSON. */
const UNKNOWN_RECORD = Symbol('unknown record');

/** The agent routes of line 2.0 and what they answer; line 2.1 serves them under its prefixes. */
const ROUTES: readonly [method: string, pattern: RegExp, answer: unknown][] = [
  ['GET', /^oob\/[^/]+$/, oobRecord],
  ['GET', /^credentials\/[^/]+$/, UNKNOWN_RECORD],
  ['POST', /^oob\/[^/]+\/accept-invitation$/, { outOfBandRecord: oobRecord, connectionRecord: connection }],
  ['GET', /^credentials$/, [credentialRecord]],
  ['POST', /^credentials\/(accept-offer|negotiate-offer|create-offer-oob)$/, credentialRecord],
  ['POST', /^proofs\/request-proof$/, { id: 'proof-1', state: 'request-sent' }],
  ['POST', /^dids\/write$/, { did: DID, didDocument }],
  ['POST', /^schemas$/, schema],
];

/** Line 2.1's path of a line 2.0 route, or undefined when it did not move. */
function moved(path: string): string | undefined {
  if (/^(oob|credentials|proofs)(\/|$)/.test(path)) return `didcomm/${path}`;
  if (/^schemas(\/|$)/.test(path)) return `anoncreds/${path}`;
  return undefined;
}

function routeOf(line: Line, method: string, path: string): unknown {
  // Line 2.1 serves a moved route only under its prefix, and the others where they were.
  const local = line === '2.0' ? path : path.replace(/^(didcomm|anoncreds)\//, '');
  if (line === '2.1' && local !== path && moved(local) !== path) return undefined;
  if (line === '2.1' && local === path && moved(local) !== undefined) return undefined;
  for (const [m, pattern, answer] of ROUTES) if (m === method && pattern.test(local)) return answer;
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function notFound(res: ServerResponse, method: string, path: string): void {
  res
    .writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!DOCTYPE html><html><body><pre>Cannot ${method} /${path}</pre></body></html>`);
}

/** Starts a stand-in of one agent line on 127.0.0.1:0. */
export async function startCredoStandIn(options: {
  line: Line;
  apiKey?: string;
  tenants?: readonly string[];
}): Promise<StandIn> {
  const apiKey = options.apiKey ?? `agent-key-${randomUUID()}`;
  const tenants = new Set(options.tenants ?? []);
  let generation = 1;
  let broken = false;
  /** token → who it is for (base wallet or tenant) and the secret generation it was signed with. */
  const issued = new Map<string, { subject: string; generation: number }>();
  const seen: Seen[] = [];
  const issue = (subject: string) => {
    // Unique to this stand-in (jti), so that a token of another agent is recognised as foreign.
    const claims = { sub: subject, n: issued.size, jti: randomUUID() };
    const token = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig${generation}`;
    issued.set(token, { subject, generation: broken ? generation - 1 : generation });
    return token;
  };
  const whoIs = (header: string | undefined): string => {
    if (header === undefined) return 'none';
    if (header === apiKey) return 'key';
    const token = header.replace(/^Bearer /, '');
    const found = issued.get(token);
    if (found) return found.generation === generation ? `jwt:${found.subject}` : 'jwt:stale';
    return 'other';
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/^\//, '');
    const authorization = req.headers.authorization;
    const secret = whoIs(authorization);
    seen.push({ method, path: `/${path}${url.search}`, secret, authorization });
    if (raw && !/json/.test(req.headers['content-type'] ?? ''))
      return send(res, 415, { message: 'Unsupported' });
    if (options.line === '2.1' && method === 'POST' && path === 'agent/token') {
      if (secret !== 'key') return send(res, 401, { message: 'Unauthorized' });
      return send(res, 200, { token: issue('base') });
    }
    const tenant = /^multi-tenancy\/get-token\/([^/]+)$/.exec(path);
    if (options.line === '2.1' && method === 'POST' && tenant) {
      if (secret !== 'jwt:base') return send(res, 401, { message: 'Unauthorized' });
      const id = decodeURIComponent(tenant[1] ?? '');
      if (!tenants.has(id))
        return send(res, 404, { message: `TenantRecord: record with id ${id} not found.` });
      return send(res, 200, { token: issue(id) });
    }
    const answer =
      options.line === '2.1' && method === 'GET' && path === 'agent'
        ? { label: 'stand-in', endpoints: ['http://127.0.0.1'] }
        : routeOf(options.line, method, path);
    if (answer === undefined) return notFound(res, method, path);
    const allowed =
      options.line === '2.0' ? secret === 'key' : secret.startsWith('jwt:') && secret !== 'jwt:stale';
    if (!allowed) return send(res, 401, { message: 'Unauthorized' });
    if (answer === UNKNOWN_RECORD) {
      const id = decodeURIComponent(path.split('/').at(-1) ?? '');
      return send(res, 404, { message: `CredentialExchangeRecord: record with id ${id} not found.` });
    }
    send(res, 200, answer);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    line: options.line,
    apiKey,
    seen,
    rotate: () => {
      generation++;
    },
    breakTokens: () => {
      broken = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
