/**
 * Issue 18, item 3, at run time: a JavaScript caller (no compiler) gets the protection the types
 * give. A value outside a request enum is a RequestValidationError naming the parameter and listing
 * the known values, and nothing is sent; `unknownValue('…')` is sent as given.
 */
import { describe, expect, it } from 'vitest';
import {
  type AgentClient,
  AutoAcceptProofSchema,
  RequestValidationError,
  unknownValue,
} from '../../src/index.js';
import { rejectionOf, signedInClient } from '../support/client.js';
import * as params from '../support/params.js';
import { credentialRecord, DID, ORG_ID, orgEnvelope } from '../support/records.js';
import { type RecordedRequest, type Reply, useMockService } from '../support/server.js';

const service = useMockService();

type Body = Record<string, unknown>;
/** A deep copy of `body` with `value` at `path` (`a.b[0].c` as keys and indexes). */
function withValue(body: object, path: (string | number)[], value: unknown): Body {
  const copy = structuredClone(body) as Body;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = value;
  return copy;
}
/** The value at `path` of what was sent. */
function valueAt(sent: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)?.[key], sent);
}

/** Drains a bulk send (its validation errors come on the first `next()`). */
async function drain(results: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const r of results) out.push(r);
  return out;
}

const proofReply: Reply = { json: orgEnvelope({ id: 'proof-1', state: 'request-sent' }) };
const offerReply: Reply = { json: orgEnvelope({ invitationUrl: 'https://example.com/i' }) };
const emailReply: Reply = { status: 201, json: { statusCode: 201, message: 'sent', data: true } };
const { credentialOffer, ...bulkCommon } = params.offerEmail.minimal;
const rows = credentialOffer.map((offer) => ({ offer }));

interface Case {
  /** The method and the parameter, as the error names it. */
  method: string;
  param: string;
  /** The typo a hurried caller writes. */
  typo: string;
  route: ['GET' | 'POST', string];
  reply: Reply;
  /** Calls the method with `value` in the parameter (cast: JavaScript callers pass anything). */
  call: (client: AgentClient, value: unknown) => Promise<unknown>;
  /** Where the value sits in the recorded request. */
  sent: (request: RecordedRequest) => unknown;
  /** The field takes an object too (`autoAcceptProof`, an object in the spec). */
  takesObjects?: boolean;
}

const body = (path: (string | number)[]) => (r: RecordedRequest) => valueAt(r.body, path);
const query = (name: string) => (r: RecordedRequest) => r.query[name];

/** Every request enum of every method: body fields, query options and nested fields. */
const CASES: Case[] = [
  {
    method: 'credentials.list',
    param: 'filters.state',
    typo: 'offer-snet',
    route: ['GET', '/credentials'],
    reply: { json: [] },
    call: (c, v) => c.credentials.list({ state: v } as never),
    sent: query('state'),
  },
  {
    method: 'credentials.list',
    param: 'filters.role',
    typo: 'isuer',
    route: ['GET', '/credentials'],
    reply: { json: [] },
    call: (c, v) => c.credentials.list({ role: v } as never),
    sent: query('role'),
  },
  ...(['protocolVersion', 'autoAcceptCredential'] as const).map(
    (field): Case => ({
      method: 'credentials.negotiateOffer',
      param: field,
      typo: field === 'protocolVersion' ? 'v3' : 'alwyas',
      route: ['POST', '/credentials/negotiate-offer'],
      reply: { json: credentialRecord() },
      call: (c, v) =>
        c.credentials.negotiateOffer(withValue(params.negotiateOffer.minimal, [field], v) as never),
      sent: body([field]),
    }),
  ),
  ...(
    [
      ['keyType', 'ed2519'],
      ['method', 'kye'],
      ['network', 'bcovrin-testnet'],
      ['role', 'endorsor'],
    ] as const
  ).map(
    ([field, typo]): Case => ({
      method: 'dids.write',
      param: field,
      typo,
      route: ['POST', '/dids/write'],
      reply: { json: { did: DID } },
      call: (c, v) => c.dids.write(withValue(params.didWrite.minimal, [field], v) as never),
      sent: body([field]),
    }),
  ),
  {
    method: 'org(id).proofs.request',
    param: 'requestType',
    typo: 'presentationexchange',
    route: ['POST', '/orgs/:orgId/proofs'],
    reply: proofReply,
    call: (c, v) => c.org(ORG_ID).proofs.request(params.proofRequest.minimal, { requestType: v } as never),
    sent: query('requestType'),
  },
  ...(
    [
      [['protocolVersion'], 'v3'],
      [['autoAcceptProof'], 'nevr'],
      [['proofFormats', 'indy', 'attributes', 0, 'condition'], '=>'],
    ] as const
  ).map(
    ([path, typo]): Case => ({
      method: 'org(id).proofs.request',
      param: path.join('.').replace('.0.', '[0].'),
      typo,
      route: ['POST', '/orgs/:orgId/proofs'],
      reply: proofReply,
      call: (c, v) =>
        c.org(ORG_ID).proofs.request(withValue(params.proofRequest.full, [...path], v) as never, {
          requestType: 'indy',
        }),
      sent: body([...path]),
      takesObjects: path[0] === 'autoAcceptProof',
    }),
  ),
  ...(['credentialType', 'protocolVersion', 'autoAcceptCredential'] as const).map(
    (field): Case => ({
      method: 'org(id).offers.create',
      param: field,
      typo: { credentialType: 'json-ld', protocolVersion: 'v3', autoAcceptCredential: 'content-approved' }[
        field
      ],
      route: ['POST', '/orgs/:orgId/credentials/oob/offer'],
      reply: offerReply,
      call: (c, v) =>
        c.org(ORG_ID).offers.create(withValue(params.offerCreate.minimal, [field], v) as never, {
          credentialType: 'jsonld',
        }),
      sent: body([field]),
    }),
  ),
  {
    method: 'org(id).offers.create',
    param: 'credentialType',
    typo: 'json-ld',
    route: ['POST', '/orgs/:orgId/credentials/oob/offer'],
    reply: offerReply,
    call: (c, v) => c.org(ORG_ID).offers.create(params.offerCreate.minimal, { credentialType: v } as never),
    sent: query('credentialType'),
  },
  ...(['credentialType', 'protocolVersion'] as const).map(
    (field): Case => ({
      method: 'org(id).offers.sendByEmail',
      param: field,
      typo: field === 'credentialType' ? 'json-ld' : 'v3',
      route: ['POST', '/orgs/:orgId/credentials/oob/email'],
      reply: emailReply,
      call: (c, v) =>
        c.org(ORG_ID).offers.sendByEmail(withValue(params.offerEmail.minimal, [field], v) as never, {
          credentialType: 'indy',
        }),
      sent: body([field]),
    }),
  ),
  {
    method: 'org(id).offers.sendByEmail',
    param: 'credentialType',
    typo: 'Indy',
    route: ['POST', '/orgs/:orgId/credentials/oob/email'],
    reply: emailReply,
    call: (c, v) =>
      c.org(ORG_ID).offers.sendByEmail(params.offerEmail.minimal, { credentialType: v } as never),
    sent: query('credentialType'),
  },
  ...(['credentialType', 'protocolVersion'] as const).map(
    (field): Case => ({
      method: 'org(id).offers.sendByEmailBulk',
      param: field,
      typo: field === 'credentialType' ? 'Indy' : 'v3',
      route: ['POST', '/orgs/:orgId/credentials/oob/email'],
      reply: emailReply,
      call: (c, v) =>
        drain(c.org(ORG_ID).offers.sendByEmailBulk(rows, withValue(bulkCommon, [field], v) as never)),
      sent: body([field]),
    }),
  ),
];

describe.each(CASES)('$method: $param', ({ param, typo, route, reply, call, sent, takesObjects }) => {
  it(`refuses the typo ${JSON.stringify(typo)} naming the parameter and the known values; nothing is sent`, async () => {
    service.on(...route, reply);
    const error = await rejectionOf(() => call(signedInClient().client, typo));
    expect(error).toBeInstanceOf(RequestValidationError);
    const issue = (error as RequestValidationError).issues.find((i) => i.path === param);
    expect(issue, error.message).toBeDefined();
    expect(issue?.message).toMatch(/^must be one of \S+(, \S+)*$/);
    expect(error.message).toContain(param);
    expect(service.seen).toBe(0);
  });

  it('refuses any string it does not list, and a non-string, before sending', async () => {
    service.on(...route, reply);
    const objects = takesObjects ? [] : [{}, { value: 'x', toJSON: () => 'x' }];
    for (const value of ['', ' ', 'x', 42, ...objects]) {
      const error = await rejectionOf(() => call(signedInClient().client, value));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues.map((i) => i.path)).toContain(param);
    }
    expect(service.seen).toBe(0);
  });

  it('sends unknownValue(…) as the string it holds', async () => {
    service.on(...route, reply);
    await call(signedInClient().client, unknownValue('from-a-newer-service'));
    expect(service.requests).toHaveLength(1);
    expect(sent(service.only())).toBe('from-a-newer-service');
  });

  it("refuses a padded, control-character or over-long escape with the field's own message (object fields too)", async () => {
    service.on(...route, reply);
    const cases: [string, RegExp][] = [
      [' ', /must not be empty|must not start or end with white space/],
      ['x ', /^must not start or end with white space$/],
      ['a\nb', /control character/],
      ['a\u0085b', /control character/],
      ['a\u007fb', /control character/],
      ['x'.repeat(1025), /at most 1024/],
    ];
    for (const [value, message] of cases) {
      const error = await rejectionOf(() => call(signedInClient().client, unknownValue(value)));
      expect(error).toBeInstanceOf(RequestValidationError);
      const issue = (error as RequestValidationError).issues.find((i) => i.path === param);
      expect(issue?.message, error.message).toMatch(message);
      expect(error.message).not.toContain('Symbol(');
    }
    expect(service.seen).toBe(0);
  });
});

it('autoAcceptProof: an object with a function in it (a toString object) is refused, not sent as {}', async () => {
  service.on('POST', `/orgs/${ORG_ID}/proofs`, proofReply);
  const error = await rejectionOf(() =>
    signedInClient()
      .client.org(ORG_ID)
      .proofs.request(
        { ...params.proofRequest.minimal, autoAcceptProof: { toString: () => 'always' } } as never,
        { requestType: 'indy' },
      ),
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  expect((error as RequestValidationError).issues[0]?.path).toMatch(/^autoAcceptProof/);
  expect(service.seen).toBe(0);
});

it('autoAcceptProof: an object that holds itself is refused as not JSON, not a RangeError', async () => {
  service.on('POST', `/orgs/${ORG_ID}/proofs`, proofReply);
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic['self'] = cyclic;
  const error = await rejectionOf(() =>
    signedInClient()
      .client.org(ORG_ID)
      .proofs.request({ ...params.proofRequest.minimal, autoAcceptProof: cyclic } as never, {
        requestType: 'indy',
      }),
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  expect((error as RequestValidationError).issues[0]).toMatchObject({
    path: 'autoAcceptProof',
    message: 'must be a plain object of JSON values',
  });
  expect(service.seen).toBe(0);
});

it('autoAcceptProof: objects that are not JSON values (a Date, a Map, NaN inside) are refused, not sent', async () => {
  service.on('POST', `/orgs/${ORG_ID}/proofs`, proofReply);
  for (const autoAcceptProof of [{ at: new Date(0) }, { m: new Map() }, { n: Number.NaN }]) {
    const error = await rejectionOf(() =>
      signedInClient()
        .client.org(ORG_ID)
        .proofs.request({ ...params.proofRequest.minimal, autoAcceptProof } as never, {
          requestType: 'indy',
        }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.message).toBe(
      'must be a plain object of JSON values',
    );
  }
  expect(service.seen).toBe(0);
});

it('autoAcceptProof: an object of any depth is checked (no RangeError), and an object shared by many fields once', () => {
  let deep: Record<string, unknown> = {};
  for (let i = 0; i < 20_000; i++) deep = { deep };
  expect(AutoAcceptProofSchema.safeParse(deep).success).toBe(true);
  // 2^40 paths to the leaf, 41 objects: checked per path, this would not end.
  let shared: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < 40; i++) shared = { a: shared, b: shared };
  expect(AutoAcceptProofSchema.safeParse(shared).success).toBe(true);
});

describe('unknownValue', () => {
  it('is refused when blank or padded, as any value sent is', async () => {
    for (const value of ['', '  ', ' archived']) {
      const error = await rejectionOf(() =>
        signedInClient().client.credentials.list({ state: unknownValue(value) }),
      );
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toBe('filters.state');
    }
    expect(service.seen).toBe(0);
  });

  it('throws a RequestValidationError naming unknownValue for a non-string (JavaScript callers)', () => {
    for (const value of [undefined, null, 42, {}, ['done', 'x'], Symbol('s')]) {
      let thrown: unknown;
      try {
        unknownValue(value as never);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(RequestValidationError);
      expect((thrown as RequestValidationError).issues[0]?.path).toBe('unknownValue');
      expect((thrown as Error).message).toContain('must be a string');
    }
  });

  it('reads as its string in JSON and templates, and is frozen', () => {
    const value = unknownValue('archived');
    expect(JSON.stringify({ state: value })).toBe('{"state":"archived"}');
    expect(`${value}`).toBe('archived');
    expect(Object.isFrozen(value)).toBe(true);
  });

  it('also lets a known value through as it is', async () => {
    service.on('GET', '/credentials', { json: [] });
    await signedInClient().client.credentials.list({ state: unknownValue('done') });
    expect(service.only().query).toEqual({ state: 'done' });
  });

  it('a missing required enum names the parameter and lists the values', async () => {
    const error = await rejectionOf(() => signedInClient().client.dids.write({ method: 'key' } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toContain('keyType: must be one of ed25519, ');
    expect(service.seen).toBe(0);
  });
});
