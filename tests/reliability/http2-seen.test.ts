/**
 * Once the process has spoken HTTP/2, is a request that was created and never written still "not
 * sent"? Only where undici reports the write of a request's headers over HTTP/2 as it does over
 * HTTP/1.1 (`undici:client:sendHeaders`, from undici 7.2: Node 24 and later). Node 26's `fetch`
 * speaks HTTP/2 by default, so there one HTTP/2 connection used to end "not sent" for the process:
 * a TLS handshake that stalled was no longer retried. Where undici 6 sends over HTTP/2 without that
 * report (Node 20 and 22), a created request may have been written, so it stays "may have been
 * sent" and a POST is not repeated. Real sockets on 127.0.0.1; a file of its own, since what the
 * process has seen is the SDK's state for the rest of the file.
 */
import { readFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { AgentClient, ConnectionError, TimeoutError } from '@credential-agent/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { root } from '../support/packages.js';

const TLS = join(root, 'tests/fixtures/tls');
/** Whether this Node's undici reports the write of a request's headers over HTTP/2 (7.2 and later). */
const [major = 0, minor = 0] = (process.versions['undici'] ?? '0.0').split('.').map(Number);
const reportsHttp2Writes = major > 7 || (major === 7 && minor >= 2);

let h2: Http2SecureServer;
/** An undici dispatcher: what the test needs of it. */
type Dispatcher = { destroy(): Promise<void> };
let dispatcher: Dispatcher | undefined;
let staller: Server;
const stalled = new Set<Socket>();
let stallConnections = 0;

beforeAll(async () => {
  h2 = createSecureServer(
    {
      key: readFileSync(join(TLS, 'self-signed.key.pem')),
      cert: readFileSync(join(TLS, 'self-signed.cert.pem')),
      allowHTTP1: true,
    },
    (req, res) => res.end(req.httpVersion),
  );
  // Accepts connections and never answers: a TLS handshake that stalls.
  staller = createServer((socket) => {
    stallConnections++;
    stalled.add(socket);
    socket.on('error', () => {});
  });
  await Promise.all([
    new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => staller.listen(0, '127.0.0.1', resolve)),
  ]);
});
afterAll(async () => {
  await dispatcher?.destroy();
  for (const socket of stalled) socket.destroy();
  await Promise.all([
    new Promise((resolve) => h2.close(resolve)),
    new Promise((resolve) => staller.close(resolve)),
  ]);
});

/** undici's `Agent` class, as Node's `fetch` holds it (undici 6 and 7: key 1; 8: key 2). */
function undiciAgent(): new (options: object) => Dispatcher {
  for (const n of [2, 1]) {
    const dispatcher = (globalThis as Record<symbol, { constructor?: unknown } | undefined>)[
      Symbol.for(`undici.globalDispatcher.${n}`)
    ];
    if ((dispatcher?.constructor as { name?: unknown } | undefined)?.name === 'Agent')
      return dispatcher?.constructor as new (
        options: object,
      ) => Dispatcher;
  }
  throw new Error(`no undici Agent found on Node ${process.version}`);
}

/** Opens an HTTP/2 connection of Node's own undici (not the SDK's: another client's) and uses it. */
async function speakHttp2(): Promise<void> {
  await fetch('data:,').catch(() => {});
  await dispatcher?.destroy();
  const Agent = undiciAgent();
  dispatcher = new Agent({ allowH2: true, connect: { rejectUnauthorized: false } });
  const answer = await fetch(`https://127.0.0.1:${(h2.address() as { port: number }).port}/`, {
    dispatcher,
  } as RequestInit);
  expect(await answer.text()).toBe('2.0');
}

/** A POST through the SDK whose TLS handshake stalls past the timeout, two retries allowed. */
async function stalledPost() {
  let attempts = 0;
  const client = new AgentClient({
    baseUrl: `https://127.0.0.1:${(staller.address() as { port: number }).port}`,
    accessToken: 'tok-h2',
    retry: { limit: 2, baseDelay: 1 },
    timeout: 300,
    hooks: { onRequest: () => void attempts++ },
  });
  const before = stallConnections;
  const error: unknown = await client
    .request({ method: 'POST', path: '/offers', body: { a: 1 } })
    .catch((e: unknown) => e);
  return { error, attempts, connections: stallConnections - before };
}

/** A timeout of a request that may have been written: a TimeoutError, never retried as a POST. */
function expectNeverRepeated({ error, attempts, connections }: Awaited<ReturnType<typeof stalledPost>>) {
  expect(error).toBeInstanceOf(TimeoutError);
  expect((error as TimeoutError).message).not.toMatch(/not sent/);
  expect(attempts).toBe(1);
  expect(connections).toBe(1);
}

// Whose request it was (Node's own undici's, or one installed from npm) is read from the stack of
// its report, once per class: when the stack cannot be read (here an `Error.prepareStackTrace` of
// the process's that gives no frames), it is not taken for Node's own, the safe side. First in the
// file, before any request of Node's own undici was seen.
it("a request whose report's stack gives no frames: may have been sent, never repeated", async () => {
  const { prepareStackTrace } = Error;
  Error.prepareStackTrace = () => 'no frames';
  let posted: Awaited<ReturnType<typeof stalledPost>>;
  try {
    posted = await stalledPost();
  } finally {
    Error.prepareStackTrace = prepareStackTrace;
  }
  expectNeverRepeated(posted);
});

it(`a stalled TLS handshake after an HTTP/2 connection: ${
  reportsHttp2Writes ? 'still not sent, retried' : 'may have been sent, never repeated'
} (undici ${process.versions['undici']})`, async () => {
  await speakHttp2();
  const posted = await stalledPost();
  if (reportsHttp2Writes) {
    expect(posted.error).toBeInstanceOf(ConnectionError);
    expect(posted.error).toMatchObject({ sent: false, message: expect.stringMatching(/not sent/) });
    expect(posted.attempts).toBe(3);
    expect(posted.connections).toBe(3);
  } else {
    expectNeverRepeated(posted);
  }
});
