/**
 * Issue 9, item 6, second round of attacks: a token the server echoes where the first round did not
 * look (a failed schema registration's reason, action or answer; a JSON object key, 422 `details`
 * included; a 2xx body that fails validation), a fetch whose error carries the token in its
 * properties, its cause chain or an AggregateError, and a password echoed in lower-case
 * percent-encoding. Nothing of a secret reaches an error's message, `util.inspect`
 * (hidden properties too), `JSON.stringify`, or a hook argument.
 */
import { inspect } from 'node:util';
import {
  AgentClient,
  BadRequestError,
  ConnectionError,
  DidRegistrationError,
  RedirectError,
  ResponseValidationError,
  SchemaRegistrationError,
  ServerError,
} from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { hostileServer, json, useHostileServer } from './support/hostile-server.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJlY2hvZXMifQ.S3cr3tS1gnatur3Value_xyz';
const PASSWORD = 'Pä ss/w<o>rd&"+1-long-enough';

/** Any 12 characters of `secret` in a row, in any view of `value`, is a leak. */
function expectNoSecret(value: unknown, secret = TOKEN): void {
  const views = {
    message: String((value as { message?: unknown })?.message),
    inspect: inspect(value, { showHidden: true, depth: Number.POSITIVE_INFINITY }),
    json: JSON.stringify(value) ?? '',
  };
  for (const [view, text] of Object.entries(views)) {
    for (let i = 0; i + 12 <= secret.length; i++) {
      expect(text, `${view} holds "${secret.slice(i, i + 12)}"`).not.toContain(secret.slice(i, i + 12));
    }
  }
}

/** How a server may echo the password back: `/pw/<index>` answers with form `index`. */
const FORMS: Record<string, (p: string) => string> = {
  'lower-case percent-encoded': (p) => encodeURIComponent(p).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  'HTML-escaped': (p) =>
    p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
  hex: (p) => Buffer.from(p).toString('hex'),
  'upper-case hex': (p) => Buffer.from(p).toString('hex').toUpperCase(),
};
const shownAs = (form: string) => FORMS[form]?.(PASSWORD) ?? '';

const server = useHostileServer((req, res, body) => {
  const auth = String(req.headers.authorization ?? '');
  const route = req.url ?? '';
  const registration = (schemaState: unknown, extra: unknown = {}) =>
    json(res, 200, { schemaState, schemaMetadata: extra, registrationMetadata: {} });
  if (route.startsWith('/failed')) registration({ state: 'failed', reason: `ledger refused ${auth}` });
  else if (route.startsWith('/action'))
    registration({ state: 'action', action: `endorse ${auth}`, req: { auth } });
  else if (route.startsWith('/wait'))
    res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ note: auth }));
  else if (route.startsWith('/did-')) {
    const echoed = `${auth} ${(JSON.parse(body) as { seed?: string }).seed}`;
    const state = route.slice('/did-'.length).split('/')[0];
    json(res, 200, {
      didState: {
        state,
        did: 'did:key:z6MkEchoes',
        reason: `ledger refused ${echoed}`,
        action: echoed,
        echoed,
      },
    });
  } else if (route.startsWith('/key')) json(res, 500, { message: 'boom', seen: { [TOKEN]: true } });
  else if (route.startsWith('/details'))
    json(res, 422, { message: 'Validation Failed', details: { [auth.slice(7)]: { message: 'bad' } } });
  else if (route.startsWith('/callback-')) {
    // A sign-in callback of someone else's: its one-time code and a signed URL's signature.
    const where = `http://127.0.0.1:1/cb?state=kept&code=${OAUTH_CODE}&X-Amz-Signature=${OAUTH_CODE}`;
    res
      .writeHead(Number.parseInt(route.split('-')[1] ?? '', 10), {
        location: where,
        'content-location': where,
      })
      .end('{"message":"see location"}');
  } else if (route.startsWith('/list2xx')) json(res, 200, { error: 'not a list', you_sent: auth });
  else {
    const form = decodeURIComponent(route.split('/')[2] ?? '');
    res.writeHead(400, { 'content-type': 'text/plain' }).end(`Invalid password ${shownAs(form)}`);
  }
});

function client(route: string, events: unknown[] = [], extra = {}): AgentClient {
  return new AgentClient({
    baseUrl: `${server().url}/${route}`,
    accessToken: TOKEN,
    retry: false,
    hooks: { onRequest: (e) => events.push(e), onResponse: (e) => events.push(e) },
    ...extra,
  });
}

const OAUTH_CODE = 'OneTimeCode4f7a9b2c8d1e6f30';

describe('a URL in an answer carrying a one-time code or a signature in its query', () => {
  it.each([302, 400, 500])(
    '%s: the error, its headers and the hooks keep the URL but not the code',
    async (status) => {
      const events: unknown[] = [];
      const error = await client(`callback-${status}`, events)
        .credentials.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(
        status === 302 ? RedirectError : status === 400 ? BadRequestError : ServerError,
      );
      expectNoSecret(error, OAUTH_CODE);
      expectNoSecret(events, OAUTH_CODE);
      const shown =
        status === 302 ? (error as RedirectError).location : (error as ServerError).headers?.get('location');
      expect(shown).toBe('http://127.0.0.1:1/cb?state=kept&code=[REDACTED]&X-Amz-Signature=[REDACTED]');
    },
  );
});

const SCHEMA = { issuerId: 'did:indy:x', name: 'E', version: '1.0.0', attributes: ['name'] };

describe('schemas.create answered unfinished with the token echoed (attack H1)', () => {
  it.each(['failed', 'action', 'wait'])('%s: the SchemaRegistrationError holds no token', async (route) => {
    const error = await client(route)
      .schemas.create(SCHEMA)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaRegistrationError);
    expect((error as SchemaRegistrationError).state).toBe(route);
    expectNoSecret(error);
  });
});

const SEED = 'SeedSeedSeedSeedSeedSeedSeedSe01';

describe('dids.write answered unfinished with the token and the seed echoed', () => {
  it.each(['failed', 'action', 'wait'])('%s: the DidRegistrationError holds neither', async (state) => {
    const error = await client(`did-${state}`)
      .dids.write({ method: 'key', keyType: 'ed25519', seed: SEED })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DidRegistrationError);
    expect((error as DidRegistrationError).state).toBe(state);
    expectNoSecret(error);
    expectNoSecret(error, SEED);
  });
});

describe('a token echoed as a JSON object key (attack H2)', () => {
  it('500 { seen: { <token>: true } }: error and onResponse argument hold no token', async () => {
    const events: unknown[] = [];
    const error = await client('key', events)
      .credentials.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expectNoSecret(error);
    expect(events).toHaveLength(2);
    expectNoSecret(events);
  });

  it('422 details keyed by the token: fieldErrors, body and hooks hold no token', async () => {
    const events: unknown[] = [];
    const error = await client('details', events)
      .credentials.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).fieldErrors).toEqual([
      { path: '[REDACTED]', message: 'bad', code: 'custom' },
    ]);
    expectNoSecret(error);
    expectNoSecret(events);
  });
});

it('a 2xx body that fails validation echoing the token: ResponseValidationError.body is scrubbed (attack M2)', async () => {
  const error = await client('list2xx')
    .credentials.list()
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResponseValidationError);
  expect((error as ResponseValidationError).body).toMatchObject({ error: 'not a list' });
  expectNoSecret(error);
});

describe('a fetch whose error carries the token (attack H3)', () => {
  const failing: Record<string, (auth: string) => Error> = {
    'in a property (axios/got style)': (auth) =>
      Object.assign(new Error('socket hang up'), {
        code: 'ECONNRESET',
        config: { headers: { Authorization: auth } },
      }),
    'three causes deep': (auth) =>
      new TypeError('fetch failed', {
        cause: new Error('proxy said no', { cause: new Error(`407 for ${auth}`) }),
      }),
    'in an AggregateError': (auth) =>
      new AggregateError([new Error(`bad header ${auth}`)], 'all attempts failed'),
  };
  it.each(Object.keys(failing))('%s: the ConnectionError and its causes hold no token', async (how) => {
    const fetch: typeof globalThis.fetch = async (input, init) => {
      throw failing[how]?.(new Request(input, init).headers.get('authorization') ?? '');
    };
    const error = await client('any', [], { fetch })
      .credentials.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expectNoSecret(error);
  });
});

describe('a password echoed in another encoding (attack L1)', () => {
  it.each(Object.keys(FORMS))('%s: the BadRequestError holds no trace of it', async (form) => {
    const shown = shownAs(form);
    expect(shown).not.toBe('');
    const c = new AgentClient({ baseUrl: `${server().url}/pw/${encodeURIComponent(form)}`, retry: false });
    const error = await c.auth
      .signIn({ email: 'a@example.com', password: PASSWORD })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expectNoSecret(error, shown);
  });
});

it('a fetch that follows a redirect itself: the error says the request went there, not "HTTP 200" (attack M5)', async () => {
  const other = await hostileServer((_req, res) => json(res, 200, { access_token: 'x', expires_in: 60 }));
  const base = await hostileServer((_req, res) =>
    res.writeHead(307, { location: `${other.url}/auth/signin` }).end(),
  );
  const rebuilding: typeof fetch = async (input, init) => {
    const r = new Request(input, init);
    return fetch(r.url, { method: r.method, headers: r.headers, body: await r.text() });
  };
  const c = new AgentClient({ baseUrl: base.url, fetch: rebuilding });
  const error = await c.auth.signIn({ email: 'a@example.com', password: PASSWORD }).catch((e: unknown) => e);
  await Promise.all([other.close(), base.close()]);
  expect(error).toBeInstanceOf(RedirectError);
  expect((error as RedirectError).message).not.toContain('redirected (HTTP 200)');
  expect((error as RedirectError).message).toContain(`to ${other.url}/auth/signin`);
  expect((error as RedirectError).message).toContain('may have been sent there');
});
