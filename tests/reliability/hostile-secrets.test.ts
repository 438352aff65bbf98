/**
 * Issue 9, item 6: a server that echoes the token back (in a header, a plain-text body across the
 * 200-character cut, a JSON message), a fetch whose error repeats it, and a base URL with a
 * password: no token or password reaches any error's message, body, headers, `util.inspect`,
 * `JSON.stringify`, or any hook argument.
 */
import { inspect } from 'node:util';
import { AgentClient, ConnectionError, RequestValidationError, ServerError } from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileServer, hostileServer, json } from './support/hostile-server.js';
import { FETCHES, withFetch } from './support/sdk-client.js';

const TOKEN = 'tok_5f0c9a7e3b1d48e6a2c4f9b7d1e3a5c7e9f1b3d5';
/** Any 12 characters of the token in a row would be a leak. */
const PIECES = Array.from({ length: TOKEN.length - 11 }, (_, i) => TOKEN.slice(i, i + 12));

function expectNoToken(value: unknown, what: string): void {
  const text = typeof value === 'string' ? value : inspect(value, { depth: 20 });
  for (const piece of PIECES) expect(text, `${what} holds "${piece}"`).not.toContain(piece);
}

/** Everything a user may print of an error. */
function expectCleanError(error: unknown): void {
  expectNoToken(inspect(error, { depth: 20 }), 'util.inspect(error)');
  expectNoToken(JSON.stringify(error), 'JSON.stringify(error)');
  expectNoToken(String(error), 'String(error)');
  const e = error as { headers?: Headers; body?: unknown; cause?: unknown };
  if (e.headers) expectNoToken(JSON.stringify([...e.headers]), 'error.headers');
  expectNoToken(JSON.stringify(e.body) ?? '', 'error.body');
}

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer((req, res) => {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const echo = { 'x-echo': token, 'www-authenticate': `Bearer realm="x", token="${token}"` };
    if (req.url?.startsWith('/plain')) {
      // The token straddles the 200th character, where messages are cut.
      res
        .writeHead(500, { 'content-type': 'text/plain', ...echo })
        .end(`${'e'.repeat(190)}${token} trailing`);
    } else json(res, 400, { message: `bad token ${token}`, detail: { echoed: token } }, echo);
  });
});
afterAll(() => server.close());

describe.each(FETCHES)('with the $name, a server echoing the token', (f) => {
  it.each(['plain', 'json'])('%s error body: the error and every hook argument are clean', async (route) => {
    const events: unknown[] = [];
    const client = new AgentClient({
      baseUrl: `${server.url}/${route}`,
      accessToken: TOKEN,
      retry: false,
      hooks: { onRequest: (e) => events.push(e), onResponse: (e) => events.push(e) },
      ...withFetch(f),
    });
    const error = await client.credentials.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(route === 'plain' ? ServerError : Error);
    expectCleanError(error);
    expect(events).toHaveLength(2);
    expectNoToken(events, 'hook events');
  });
});

it('a fetch whose error repeats the token gives a clean ConnectionError', async () => {
  const leaky: typeof fetch = async (input, init) => {
    const auth = new Request(input, init).headers.get('authorization');
    throw Object.assign(new TypeError(`fetch failed: refused ${auth}`), { code: 'ECONNREFUSED' });
  };
  const client = new AgentClient({ baseUrl: server.url, accessToken: TOKEN, retry: false, fetch: leaky });
  const error = await client.credentials.list().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConnectionError);
  expectCleanError(error);
});

it.each([
  ['userinfo', 'http://issuer:s3cret-Passw0rd@127.0.0.1:1', 'must not contain a user name or password'],
  ['a query', 'http://127.0.0.1:1/?key=s3cret-Passw0rd', 'must not contain a query'],
  ['a fragment', 'http://127.0.0.1:1/#s3cret-Passw0rd', 'must not contain a query'],
])('a base URL with %s is refused without repeating it', (_what, baseUrl, message) => {
  let error: unknown;
  try {
    new AgentClient({ baseUrl });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(RequestValidationError);
  expect((error as RequestValidationError).issues).toEqual([
    { path: 'baseUrl', message: expect.stringContaining(message), code: 'custom' },
  ]);
  expect(inspect(error)).not.toContain('s3cret-Passw0rd');
});
