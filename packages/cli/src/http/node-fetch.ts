import { channel } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { type Duplex, PassThrough, pipeline, type Readable, type Transform } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { FETCH_REPORTS_IN_CALL } from '@credential-agent/sdk';

// node:https (with tls) and node:zlib are loaded when a call needs them, not with this module:
// a run against an http:// URL with a plain answer never loads them (test/e2e/startup.test.ts).
const zlib = () => process.getBuiltinModule('node:zlib');

/** Statuses whose response has no body (the `Response` constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** The codings of `content-encoding`, in the order they were applied; empty for none or identity. */
function codingsOf(header: string | string[] | undefined): string[] {
  return String(header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'identity');
}

const KNOWN_CODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

/**
 * The decoder of one coding. `deflate` is zlib-wrapped deflate, but servers also send it raw, as
 * fetch accepts: the first byte of what it decodes tells (`first`, when this decoder sees it).
 */
function decoderFor(name: string, first: Buffer | undefined): Transform {
  if (name === 'br') return zlib().createBrotliDecompress();
  if (name === 'deflate') {
    const wrapped = first === undefined || ((first[0] ?? 0) & 0x0f) === 8;
    return wrapped ? zlib().createInflate() : zlib().createInflateRaw();
  }
  return zlib().createGunzip();
}

/**
 * The body with every `content-encoding` undone (the last applied first), as fetch decodes it.
 * The decoders are made when the first byte arrives, so an empty body (a HEAD answer, a
 * `content-length: 0`) stays empty instead of failing in the decoder; a coding fetch does not know
 * leaves the body as it came.
 */
function decodedBody(res: IncomingMessage): Readable {
  const codings = codingsOf(res.headers['content-encoding']);
  if (codings.length === 0 || !codings.every((name) => KNOWN_CODINGS.has(name))) return res;
  const out = new PassThrough();
  let started = false;
  res.once('end', () => {
    if (!started) out.end();
  });
  res.once('data', (first: Buffer) => {
    started = true;
    res.pause();
    const chain = codings.reverse().map((name, i) => decoderFor(name, i === 0 ? first : undefined));
    pipeline([res, ...chain, out] as [Readable, ...Transform[]], () => undefined);
    (chain[0] as Transform).write(first);
  });
  res.on('error', (error) => out.destroy(error));
  return out;
}

/**
 * The body as a web stream, decoded as fetch decodes it, read only as fast as it is consumed (the
 * socket is paused while the consumer is busy, so memory stays flat). It fails (ECONNRESET) when
 * the connection closes before the end; cancelling it closes the connection.
 */
function bodyOf(res: IncomingMessage): ReadableStream<Uint8Array> {
  const source = decodedBody(res);
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: Error & { code?: string }) => {
        if (settled) return;
        settled = true;
        controller.error(Object.assign(error, { code: error.code ?? 'ECONNRESET' }));
      };
      source.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.on('end', () => {
        settled = true;
        controller.close();
      });
      source.on('error', fail);
      res.on('close', () => {
        if (!res.complete) fail(new Error('the connection closed before the answer was complete'));
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      if (source !== res) source.destroy();
      res.destroy();
    },
  });
}

function toResponse(res: IncomingMessage): Response {
  // From the raw list: node:http keeps only the first of a repeated content-type, location or
  // retry-after, where fetch joins them all.
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const status = res.statusCode ?? 0;
  // `Response` refuses statuses outside 200–599; Node's fetch reports them as they came (the SDK
  // then names them in a typed error), and so does this one.
  const usual = status >= 200 && status <= 599;
  const body = !usual || NULL_BODY.has(status) ? null : bodyOf(res);
  // An answer without a body to read: 204 and 304 end at their headers; anything else (a 205 or an
  // odd status with a body that may never end) is closed, so the run ends with its answer.
  if (!body) {
    if (status === 204 || status === 304) res.resume();
    else res.destroy();
  }
  const response = new Response(body, {
    status: usual ? status : 200,
    // The reason phrase is the server's text: characters `Response` refuses (controls, DEL) are
    // dropped, not a reason to fail an answer that arrived.
    statusText: (res.statusMessage ?? '').replace(/[^\t\x20-\x7e\x80-\xff]/g, ''),
    headers,
  });
  if (!usual) Object.defineProperty(response, 'status', { value: status });
  return response;
}

const CREATED = channel('credential-agent:fetch:create');
const WRITTEN = channel('credential-agent:fetch:written');

/**
 * Whether a TLS socket is past the handshake (it has sent its Finished message), as a kept-alive
 * one is whether the agent calls it reused or not. Other sockets are written at once (a mocked
 * socket, as msw's, connects only once the request is written).
 */
function handshakeDone(socket: Socket): boolean {
  // A TLSSocket, told by its method (node:tls is not loaded for this; msw's socket, which is not
  // one, says `encrypted` too).
  const { getFinished } = socket as Partial<TLSSocket>;
  return typeof getFinished !== 'function' || getFinished.call(socket) !== undefined;
}

/**
 * Whether `socket` is a real TCP connection (msw's stand-in, which "connects" only once the request
 * is written, has no handle).
 */
const isTcp = (socket: Socket): boolean => (socket as Socket & { _handle?: unknown })._handle != null;

/** The call of {@link nodeFetch}. */
async function nodeSend(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const req = input instanceof Request ? input : new Request(input, init);
  const url = new URL(req.url);
  // Reported before the first `await`, within the call (FETCH_REPORTS_IN_CALL): the SDK then
  // watches the call without an AsyncLocalStorage, whose promise hooks would slow every promise
  // of the process. Nothing is written before WRITTEN, so a body that cannot be read is not sent.
  const request = { url: url.origin };
  CREATED.publish({ request });
  const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
  const headers: Record<string, string> = {};
  req.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body) headers['content-length'] = String(body.length);
  // Looked up at call time (not imported by name), so interceptors such as msw's see the call.
  // node:http is taken from the process, not imported: an ES-module import of it makes Node 22+
  // evaluate its lazy `WebSocket` export, which loads undici (test/e2e/startup.test.ts, Node 22).
  const module = url.protocol === 'https:' ? 'node:https' : 'node:http';
  const send = process.getBuiltinModule(module).request;
  return new Promise<Response>((resolve, reject) => {
    const answer = (res: IncomingMessage) => {
      try {
        resolve(toResponse(res));
      } catch (error) {
        // A header no `Headers` accepts: a failed request, never an uncaught exception.
        res.destroy();
        reject(error);
      }
    };
    const outgoing = send(url, { method: req.method, headers, signal: req.signal }, answer);
    // A 101 nobody asked for: hand it over as it came (its socket is of no use).
    outgoing.on('upgrade', (res: IncomingMessage, socket: Duplex) => {
      socket.destroy();
      answer(res);
    });
    // Node's Request follows the caller's signal through a weak reference that lives only as long
    // as the Request: hold it until the exchange is over, or a garbage collection would cut the
    // signal off and an abort would no longer close the socket.
    outgoing.once('close', () => req.signal.aborted);
    outgoing.on('error', reject);
    // Over TLS the request goes out once the handshake is done, so a handshake that fails (a refused
    // certificate, a plain-HTTP port) fails with its own code, as Node's fetch reports it, not as a
    // failed write (EPROTO), and the SDK knows that nothing was sent.
    // The SDK tells a request that never left (a handshake that stalls until the timeout) from one
    // that may have arrived by these reports (see its wire-watch).
    const write = () => {
      WRITTEN.publish({ request });
      outgoing.end(body);
    };
    outgoing.once('socket', (socket: Socket) => {
      if (!handshakeDone(socket)) socket.once('secureConnect', write);
      else if (socket.connecting && isTcp(socket)) {
        // Node holds the bytes until the connection is up: nothing reaches the server before, so
        // a connection that never opens (a blackholed host) is "not sent".
        socket.once('connect', () => WRITTEN.publish({ request }));
        outgoing.end(body);
      } else write();
    });
  });
}

/**
 * A `fetch` on `node:http`. A short-lived CLI process spends ~150 ms in Node's built-in fetch
 * compiling its WebAssembly HTTP parser before the first request; `node:http` needs none of that.
 * Errors keep their system codes (`ECONNREFUSED`, `ECONNRESET`) and the signal aborts the request.
 */
export const nodeFetch: typeof fetch = Object.assign(nodeSend, { [FETCH_REPORTS_IN_CALL]: true as const });
