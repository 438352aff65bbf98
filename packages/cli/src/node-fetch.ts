import { channel } from 'node:diagnostics_channel';
import http, { type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { type Duplex, pipeline, type Readable, type Transform } from 'node:stream';
import type { TLSSocket } from 'node:tls';

// node:https (with tls) and node:zlib are loaded when a call needs them, not with this module:
// a run against an http:// URL with a plain answer never loads them (test/e2e/startup.test.ts).
const zlib = () => process.getBuiltinModule('node:zlib');

/** Statuses whose response has no body (the `Response` constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** The decoder of a `content-encoding` fetch would undo (gzip, deflate, br), if any. */
function decoderFor(encoding: string | string[] | undefined): Transform | undefined {
  const name = String(encoding ?? '')
    .trim()
    .toLowerCase();
  if (name === 'gzip' || name === 'x-gzip') return zlib().createGunzip();
  if (name === 'deflate') return zlib().createInflate();
  if (name === 'br') return zlib().createBrotliDecompress();
  return undefined;
}

/**
 * The body as a web stream, decoded as fetch decodes it, read only as fast as it is consumed (the
 * socket is paused while the consumer is busy, so memory stays flat). It fails (ECONNRESET) when
 * the connection closes before the end; cancelling it closes the connection.
 */
function bodyOf(res: IncomingMessage): ReadableStream<Uint8Array> {
  const decoder = decoderFor(res.headers['content-encoding']);
  const source: Readable = decoder ?? res;
  if (decoder) pipeline(res, decoder, () => undefined);
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
      decoder?.destroy();
      res.destroy();
    },
  });
}

function toResponse(res: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) headers.append(name, v);
  }
  const status = res.statusCode ?? 0;
  // `Response` refuses statuses outside 200–599; Node's fetch reports them as they came (the SDK
  // then names them in a typed error), and so does this one.
  const usual = status >= 200 && status <= 599;
  const body = !usual || NULL_BODY.has(status) ? null : bodyOf(res);
  if (!body) res.resume();
  const response = new Response(body, {
    status: usual ? status : 200,
    statusText: res.statusMessage ?? '',
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
 * A `fetch` on `node:http`. A short-lived CLI process spends ~150 ms in Node's built-in fetch
 * compiling its WebAssembly HTTP parser before the first request; `node:http` needs none of that.
 * Errors keep their system codes (`ECONNREFUSED`, `ECONNRESET`) and the signal aborts the request.
 */
export const nodeFetch: typeof fetch = async (input, init) => {
  const req = input instanceof Request ? input : new Request(input, init);
  const url = new URL(req.url);
  const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
  const headers: Record<string, string> = {};
  req.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body) headers['content-length'] = String(body.length);
  // Looked up at call time (not imported by name), so interceptors such as msw's see the call.
  const send = url.protocol === 'https:' ? process.getBuiltinModule('node:https').request : http.request;
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
    const request = { url: url.origin };
    CREATED.publish({ request });
    const write = () => {
      WRITTEN.publish({ request });
      outgoing.end(body);
    };
    outgoing.once('socket', (socket: Socket) => {
      if (handshakeDone(socket)) write();
      else socket.once('secureConnect', write);
    });
  });
};
