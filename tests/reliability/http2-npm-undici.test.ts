/**
 * An undici installed from npm as the global dispatcher of Node's `fetch`, speaking HTTP/2 though
 * it looks like undici's plain Agent (helper-68): undici 6 reports no write over HTTP/2, whatever
 * undici Node bundles (`process.versions.undici` is Node's own, 7.29 on Node 24). A server that
 * reads the POST and then drops the session must get it once: the SDK may not take the request
 * for "never written" and send it again, even when the HTTP/2 session was opened before the SDK was
 * loaded (helper-69), so it never saw the connection. Counted per body by the server, on real
 * sockets. A file of its own: the SDK is loaded in it after an HTTP/2 session, and what it has seen
 * is its state for the rest of the file.
 */
import { readFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer, type ServerHttp2Session } from 'node:http2';
import { join } from 'node:path';
import * as undici from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../support/packages.js';

const TLS = join(root, 'tests/fixtures/tls');
/** Node's `fetch` reads the global dispatcher under key 1 up to undici 7 (Node 20 to 24), key 2 from 8. */
const fetchReadsKey1 = Number((process.versions['undici'] ?? '0').split('.')[0]) < 8;
const KEY = Symbol.for('undici.globalDispatcher.1');

let server: Http2SecureServer;
const sessions = new Set<ServerHttp2Session>();
/** How many times each body arrived. */
const deliveries = new Map<string, number>();

beforeAll(async () => {
  server = createSecureServer({
    key: readFileSync(join(TLS, 'self-signed.key.pem')),
    cert: readFileSync(join(TLS, 'self-signed.cert.pem')),
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('error', () => {});
  });
  // Answers a GET; reads the whole POST, then drops the session without an answer.
  server.on('stream', (stream, headers) => {
    stream.on('error', () => {});
    if (headers[':method'] === 'GET') {
      stream.respond({ ':status': 200 });
      stream.end('up');
      return;
    }
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => {
      deliveries.set(body, (deliveries.get(body) ?? 0) + 1);
      stream.session?.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const session of sessions) session.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const trust = { rejectUnauthorized: false };
const DISPATCHERS = {
  // undici's Pool spreads `connect` into its connector, so this asks for HTTP/2 by ALPN.
  '`connect: { allowH2: true }`': () => new undici.Agent({ connect: { ...trust, allowH2: true } }),
  // A factory that passes for undici's own by its name.
  'a factory named defaultFactory': () =>
    new undici.Agent({
      factory: function defaultFactory(origin: URL | string, options: object) {
        return new undici.Pool(origin, { ...options, allowH2: true, connect: trust });
      },
    }),
};

/** A POST through the SDK (loaded now, if it was not yet) to the server; the attempts it made. */
async function post(body: object): Promise<number> {
  const { AgentClient } = await import('@credential-agent/sdk');
  let attempts = 0;
  const client = new AgentClient({
    baseUrl: origin(),
    accessToken: 'tok-npm-undici',
    retry: { limit: 2, baseDelay: 1 },
    timeout: 2000,
    hooks: { onRequest: () => void attempts++ },
  });
  const error = await client.request({ method: 'POST', path: '/offers', body }).catch((e: unknown) => e);
  expect(error).toMatchObject({ sent: true });
  return attempts;
}
const origin = () => `https://localhost:${(server.address() as { port: number }).port}`;

/** Runs `fn` with `dispatcher` as the global dispatcher of Node's `fetch`, set by npm undici. */
async function through(dispatcher: undici.Dispatcher, fn: () => Promise<void>): Promise<void> {
  const global = globalThis as unknown as Record<symbol, unknown>;
  await fetch('data:,').catch(() => {});
  const node = global[KEY];
  undici.setGlobalDispatcher(dispatcher);
  try {
    await fn();
  } finally {
    global[KEY] = node;
    await dispatcher.destroy();
  }
}

describe.skipIf(!fetchReadsKey1)('Node fetch through an npm undici 6 Agent that speaks HTTP/2', () => {
  // First in the file: the SDK is loaded only after the session is open.
  it('a session opened before the SDK was loaded: the POST the server read is never sent again', async () => {
    await through(DISPATCHERS['a factory named defaultFactory'](), async () => {
      expect(await (await fetch(`${origin()}/health`)).text()).toBe('up');
      const body = { holder: 'bob@example.com', id: crypto.randomUUID() };
      expect(await post(body)).toBe(1);
      expect(deliveries.get(JSON.stringify(body))).toBe(1);
    });
  });

  it.each(Object.entries(DISPATCHERS))(
    '%s: the POST the server read is never sent again',
    async (_, make) => {
      await through(make(), async () => {
        const body = { holder: 'alice@example.com', id: crypto.randomUUID() };
        expect(await post(body)).toBe(1);
        expect(deliveries.get(JSON.stringify(body))).toBe(1);
      });
    },
  );
});
