import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers about the hop, not the message; they stay out of the fetch `Request`. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/** A request body longer than the server reads; answered 413. */
export class BodyTooLarge extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`Request body larger than ${limit} bytes`);
    this.name = 'BodyTooLarge';
    this.limit = limit;
  }
}

/**
 * The body, read only while it stays within `limit` bytes: a larger Content-Length is refused
 * unread, a longer chunked body as soon as it passes the limit (the rest is left unread).
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer): void => {
      length += chunk.length;
      if (length <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      reject(new BodyTooLarge(limit));
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * A fetch `Request` for a node request; its URL is resolved against the sandbox's base URL.
 * @throws {@link BodyTooLarge} for a body over `maxBodyBytes`.
 */
export async function toFetchRequest(
  req: IncomingMessage,
  baseUrl: string,
  maxBodyBytes: number,
): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, maxBodyBytes);
  // The base URL's origin, not the Host header: clients may say `localhost` for 127.0.0.1.
  return new Request(new URL(req.url ?? '/', new URL(baseUrl).origin), {
    method,
    headers,
    ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
}

function flushed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) resolve();
    else res.write('', () => resolve());
  });
}

/**
 * Writes a fetch `Response` to a node response, streaming its body. `Response.error()` resets the
 * connection before anything is sent; a body stream that fails drops the connection after what was
 * sent so far (headers, part of the body), so socket faults are real on the wire.
 */
export async function writeFetchResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: Readonly<Record<string, string>>,
): Promise<void> {
  if (response.type === 'error') {
    res.socket?.resetAndDestroy();
    return;
  }
  const headers: Record<string, string> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch {
    await flushed(res);
    res.destroy();
  }
}
