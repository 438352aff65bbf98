/**
 * Issue 18, item 2: every error of a request carries its facts as fields — `method`, `path` and
 * `target` (the service of a split deployment: `platform` or `agent`) from one base,
 * `RequestError` — after a REAL failure on a loopback socket: a stalled server (timeout), an abort,
 * a refused connection, error statuses, a redirect, an oversized answer, a bad answer (its issues
 * with `code`/`expected`/`received`), failed registrations (`jobId`, `schemaId`, `did`).
 * One row per exported error class: a class added to the SDK without a row fails the last test.
 */
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import * as sdk from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_ID } from '../../packages/sdk/test/support/records.js';
import { type HostileServer, hostileServer, json, rawServer } from './support/hostile-server.js';

const TOKEN = 'tok-request-errors-5e1f-secret';

/** How the server answers each case (named by the `x-case` header the call sends). */
const ANSWERS: Record<string, (res: ServerResponse) => void> = {
  stall: () => undefined,
  teapot: (res) => json(res, 418, { message: 'I am a teapot' }),
  unprocessable: (res) =>
    json(res, 422, {
      message: 'Validation Failed',
      details: {
        'schema.issuerId': { message: "'issuerId' is required" },
        'schema.name': { message: 'invalid string value' },
        schema: { message: '"colour" is an excess property and therefore is not allowed' },
      },
    }),
  nest: (res) =>
    json(res, 400, {
      statusCode: 400,
      message: [
        'property colour should not exist',
        'comment must be a string',
        'credentialType is required',
        'credentialOffer.0.emailId must be an email',
        'each value in attributes must be a string',
        'odd words',
      ],
      error: 'Bad Request',
    }),
  unauthorized: (res) => json(res, 401, { message: 'Unauthorized' }),
  forbidden: (res) => json(res, 403, { message: 'User does not have access' }),
  missing: (res) => json(res, 404, { message: 'record with id x not found.' }),
  'no-route': (res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Cannot GET</html>'),
  conflict: (res) => json(res, 409, { message: 'exists' }),
  limited: (res) => json(res, 429, { message: 'slow down' }, { 'retry-after': '7' }),
  broken: (res) => json(res, 500, { message: 'CredoError: boom' }),
  redirect: (res) => res.writeHead(302, { location: 'https://elsewhere.example/x' }).end(),
  large: (res) => json(res, 200, [{ id: 'x'.repeat(4096) }]),
  'bad-list': (res) => json(res, 200, [{ id: 5, state: 'done' }]),
  'op-failed': (res) => json(res, 200, { statusCode: 400, success: false, message: 'proof request failed' }),
  'not-sent': (res) => json(res, 200, { statusCode: 200, success: false, message: 'not sent', data: false }),
  'schema-failed': (res) =>
    json(res, 200, {
      jobId: 'job-7',
      schemaState: { state: 'failed', reason: 'ledger down', schemaId: 'schema-9' },
      schemaMetadata: {},
      registrationMetadata: {},
    }),
  'schema-action': (res) =>
    json(res, 200, {
      jobId: 'job-8',
      schemaState: {
        state: 'action',
        action: 'endorseIndyTransaction',
        schemaRequest: { txn: 1 },
        schema: { schemaId: 'schema-10' },
      },
      schemaMetadata: {},
      registrationMetadata: {},
    }),
  'did-failed': (res) =>
    json(res, 200, { jobId: 'job-d', didState: { state: 'failed', reason: 'nope', did: 'did:key:z6Mk1' } }),
};

let server: HostileServer;
let odd: HostileServer;
let closedPort: number;
beforeAll(async () => {
  server = await hostileServer((req, res) => {
    const answer = ANSWERS[String(req.headers['x-case'])];
    if (answer) answer(res);
    else json(res, 200, []);
  });
  odd = await rawServer('HTTP/1.1 999 Odd\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]');
  // A port nobody listens on: listen, note it, close.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(async () => {
  await server?.close();
  await odd?.close();
});

function client(options: Partial<sdk.AgentClientOptions> = {}): sdk.AgentClient {
  return new sdk.AgentClient({
    baseUrl: server.url,
    accessToken: TOKEN,
    retry: false,
    timeout: 5000,
    ...options,
  });
}

const as = (name: string) => ({ headers: { 'x-case': name } });
const credentials = { method: 'GET', path: 'credentials', target: 'agent' };
const emailPath = `orgs/${ORG_ID}/credentials/oob/email`;
const email: sdk.OfferEmailParams = {
  credentialOffer: [{ emailId: 'holder@example.com', attributes: [{ name: 'name', value: 'Alice' }] }],
  credentialDefinitionId: 'cred-def-1',
  protocolVersion: 'v1',
  credentialType: 'indy',
};
const schema = {
  issuerId: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
  name: 'Employee',
  version: '1.0.0',
  attributes: ['name'],
};

interface Row {
  /** The failure, as a user meets it. */
  fail: () => Promise<unknown>;
  /** Fields the error must have (besides being an instance of its class). */
  fields: Record<string, unknown>;
}

/** Classes never thrown as themselves: each is covered by the rows of its subclasses. */
const BASES = new Set(['AgentError', 'RequestError', 'ProtocolError', 'RegistrationError']);

const ROWS: Record<string, Row> = {
  ApiError: {
    fail: () => client().credentials.list({}, as('teapot')),
    fields: { ...credentials, status: 418, serverMessage: 'I am a teapot' },
  },
  BadRequestError: {
    fail: () => client().schemas.create(schema, as('unprocessable')),
    fields: {
      method: 'POST',
      path: 'schemas',
      target: 'agent',
      status: 422,
      fieldErrors: [
        {
          path: 'schema.issuerId',
          message: "'issuerId' is required",
          code: 'invalid_type',
          received: 'undefined',
        },
        { path: 'schema.name', message: 'invalid string value', code: 'invalid_type', expected: 'string' },
        {
          path: 'schema',
          message: '"colour" is an excess property and therefore is not allowed',
          code: 'unrecognized_keys',
        },
      ],
    },
  },
  AuthenticationError: {
    fail: () => client().org(ORG_ID).offers.sendByEmail(email, as('unauthorized')),
    fields: { method: 'POST', path: emailPath, target: 'platform', status: 401, reason: 'rejected' },
  },
  PermissionDeniedError: {
    fail: () => client().org(ORG_ID).offers.sendByEmail(email, as('forbidden')),
    fields: { method: 'POST', path: emailPath, target: 'platform', status: 403 },
  },
  NotFoundError: {
    fail: () => client().oob.get('oob-1', as('missing')),
    fields: { method: 'GET', path: 'oob/oob-1', target: 'agent', status: 404 },
  },
  ConflictError: {
    fail: () => client().schemas.create(schema, as('conflict')),
    fields: { method: 'POST', path: 'schemas', target: 'agent', status: 409 },
  },
  RateLimitError: {
    fail: () => client().credentials.list({}, as('limited')),
    fields: { ...credentials, status: 429, retryAfter: 7 },
  },
  ServerError: {
    fail: () => client().credentials.list({}, as('broken')),
    fields: { ...credentials, status: 500 },
  },
  ConnectionError: {
    fail: () => client({ baseUrl: `http://127.0.0.1:${closedPort}` }).credentials.list(),
    fields: { ...credentials, sent: false },
  },
  TimeoutError: {
    fail: () => client({ timeout: 150 }).credentials.list({}, as('stall')),
    fields: { ...credentials, timeout: 150 },
  },
  AbortError: {
    fail: () => {
      const controller = new AbortController();
      const call = client()
        .org(ORG_ID)
        .offers.sendByEmail(email, { ...as('stall'), signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      return call;
    },
    fields: { method: 'POST', path: emailPath, target: 'platform' },
  },
  RequestValidationError: {
    // Nothing was sent: the issues name the parameter; the error has no method or path.
    fail: () => client().schemas.create({ ...schema, name: 5 as unknown as string }),
    fields: {
      issues: [
        {
          path: 'name',
          message: 'Invalid input: expected string, received number',
          code: 'invalid_type',
          expected: 'string',
          received: 'number',
        },
      ],
    },
  },
  PasswordEncryptionError: {
    // Nothing was sent: the client option is named.
    fail: () =>
      client({
        passwordEncryption: () => {
          throw new Error('no key');
        },
      }).auth.signIn({ email: 'a@example.com', password: 'pw-123456' }),
    fields: { option: 'passwordEncryption' },
  },
  ResponseValidationError: {
    fail: () => client().credentials.list({}, as('bad-list')),
    fields: {
      ...credentials,
      status: 200,
      issues: [
        expect.objectContaining({
          path: '[0].id',
          code: 'invalid_type',
          expected: 'string',
          received: 'number',
        }),
      ],
    },
  },
  EmailNotSentError: {
    fail: () => client().org(ORG_ID).offers.sendByEmail(email, as('not-sent')),
    fields: { method: 'POST', path: emailPath, target: 'platform', status: 200, inDoubt: true },
  },
  OperationFailedError: {
    fail: () =>
      client()
        .org(ORG_ID)
        .proofs.request(
          {
            connectionId: '3c7ba8d6-0d25-4f3a-9f4e-1d2c3b4a5e6f',
            proofFormats: {
              indy: {
                attributes: [{ attributeName: 'age', condition: '>=', value: '18', credDefId: 'cd-1' }],
              },
            },
          },
          { requestType: 'indy', ...as('op-failed') },
        ),
    fields: {
      method: 'POST',
      path: `orgs/${ORG_ID}/proofs`,
      target: 'platform',
      status: 200,
      statusCode: 400,
    },
  },
  SchemaRegistrationError: {
    fail: () => client().schemas.create(schema, as('schema-failed')),
    fields: {
      method: 'POST',
      path: 'schemas',
      target: 'agent',
      state: 'failed',
      reason: 'ledger down',
      jobId: 'job-7',
      schemaId: 'schema-9',
    },
  },
  DidRegistrationError: {
    fail: () => client().dids.write({ keyType: 'ed25519', method: 'key' }, as('did-failed')),
    fields: {
      method: 'POST',
      path: 'dids/write',
      target: 'agent',
      state: 'failed',
      jobId: 'job-d',
      did: 'did:key:z6Mk1',
    },
  },
  RedirectError: {
    fail: () => client().credentials.list({}, as('redirect')),
    fields: { ...credentials, status: 302, location: 'https://elsewhere.example/x' },
  },
  ResponseTooLargeError: {
    fail: () => client({ maxResponseBytes: 1024 }).credentials.list({}, as('large')),
    fields: { ...credentials, limit: 1024 },
  },
  UnexpectedStatusError: {
    fail: () => client({ baseUrl: odd.url }).credentials.list(),
    fields: { ...credentials, status: 999 },
  },
};

/** The error classes the SDK exports, by name. */
const CLASSES = Object.entries(sdk).filter(
  ([, value]) => typeof value === 'function' && value.prototype instanceof Error,
) as [string, typeof sdk.AgentError][];

/** Errors of a request: the classes under RequestError. */
const NOT_SENT = new Set(['RequestValidationError', 'PasswordEncryptionError']);

describe('every error of a request carries its method, path and target, after a real failure', () => {
  it.each(Object.keys(ROWS))('%s', async (name) => {
    const row = ROWS[name] as Row;
    const Class = (sdk as unknown as Record<string, typeof sdk.AgentError>)[name] as typeof sdk.AgentError;
    const error = await row.fail().then(
      () => expect.unreachable('the call succeeded'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Class);
    expect((error as Error).name).toBe(name);
    expect(error).toMatchObject(row.fields);
    if (NOT_SENT.has(name)) {
      expect(error).not.toBeInstanceOf(sdk.RequestError);
      expect(Object.keys(error as object)).not.toContain('method');
    } else {
      expect(error).toBeInstanceOf(sdk.RequestError);
      expect(sdk.RequestError.is(error)).toBe(true);
      // Each field once, from the base: no class re-declares them.
      const own = Object.keys(error as object);
      expect(own.slice(0, 4)).toEqual(['name', 'method', 'path', 'target']);
      expect(JSON.stringify(error)).not.toContain(TOKEN);
    }
  });

  it('a split deployment names the service the request went to', async () => {
    const agent = await hostileServer((_req, res) => json(res, 500, { message: 'agent down' }));
    try {
      const split = client({ agent: { baseUrl: agent.url, apiKey: 'agent-key-1234567', line: '2.0' } });
      await expect(split.credentials.list()).rejects.toMatchObject({ target: 'agent', path: 'credentials' });
      // request() may send a platform-looking path to the agent: the error says where it went.
      await expect(
        split.request({ method: 'GET', path: `/orgs/${ORG_ID}/x`, target: 'agent' }),
      ).rejects.toMatchObject({ target: 'agent', method: 'GET', path: `orgs/${ORG_ID}/x` });
      await expect(
        split.request({ method: 'GET', path: `/orgs/${ORG_ID}/x` }, as('missing')),
      ).rejects.toMatchObject({ target: 'platform', status: 404 });
    } finally {
      await agent.close();
    }
  });

  it('a pending schema registration carries its job, schema id and schema request', async () => {
    const error = await client()
      .schemas.create(schema, as('schema-action'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.SchemaRegistrationError);
    expect(error).toMatchObject({
      state: 'action',
      action: 'endorseIndyTransaction',
      jobId: 'job-8',
      schemaId: 'schema-10',
      schemaRequest: { txn: 1 },
    });
  });

  it('400 sentences of the gateway get the code they state', async () => {
    const error = await client()
      .org(ORG_ID)
      .offers.sendByEmail(email, as('nest'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.BadRequestError);
    expect((error as sdk.BadRequestError).fieldErrors).toEqual([
      { path: 'colour', message: 'property colour should not exist', code: 'unrecognized_keys' },
      { path: 'comment', message: 'comment must be a string', code: 'invalid_type', expected: 'string' },
      {
        path: 'credentialType',
        message: 'credentialType is required',
        code: 'invalid_type',
        received: 'undefined',
      },
      {
        path: 'credentialOffer[0].emailId',
        message: 'credentialOffer.0.emailId must be an email',
        code: 'invalid_format',
      },
      {
        path: 'attributes',
        message: 'each value in attributes must be a string',
        code: 'invalid_type',
        expected: 'string',
      },
      { path: '', message: 'odd words', code: 'custom' },
    ]);
  });

  it("serverMessage is the server's own words; undefined when it gave none (message: the status line)", async () => {
    const own = await client()
      .oob.get('oob-1', as('missing'))
      .catch((e: unknown) => e);
    expect(own).toMatchObject({
      serverMessage: 'record with id x not found.',
      message: 'record with id x not found.',
    });
    const none = await client()
      .oob.get('oob-1', as('no-route'))
      .catch((e: unknown) => e);
    expect(none).toBeInstanceOf(sdk.NotFoundError);
    expect(none).toMatchObject({ serverMessage: undefined, message: 'HTTP 404 Not Found' });
  });

  it('every exported error class has a row (or is a base covered by its subclasses)', () => {
    const names = CLASSES.map(([name]) => name).sort();
    expect(names.length).toBeGreaterThan(20);
    const missing = names.filter((name) => !(name in ROWS) && !BASES.has(name));
    expect(missing).toEqual([]);
    for (const base of BASES) expect(names).toContain(base);
  });
});
