import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

/** Statuses whose response has no body (the `Response` constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** The body as a web stream that fails (ECONNRESET) when the connection closes before the end. */
function bodyOf(res: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      res.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      res.on('end', () => {
        settled = true;
        controller.close();
      });
      res.on('close', () => {
        if (settled || res.complete) return;
        settled = true;
        const error = new Error('the connection closed before the answer was complete');
        controller.error(Object.assign(error, { code: 'ECONNRESET' }));
      });
    },
    cancel() {
      res.destroy();
    },
  });
}

function toResponse(res: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) headers.append(name, v);
  }
  const status = res.statusCode ?? 500;
  const body = NULL_BODY.has(status) ? null : bodyOf(res);
  if (!body) res.resume();
  return new Response(body, { status, statusText: res.statusMessage ?? '', headers });
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
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(url, { method: req.method, headers, signal: req.signal }, (res) =>
      resolve(toResponse(res)),
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
};
