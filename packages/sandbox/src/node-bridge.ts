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

/** More body bytes in flight across all requests than the server buffers; answered 503. */
export class ServerBusy extends Error {
  constructor(limit: number) {
    super(`Server busy: request bodies in flight exceed ${limit} bytes; retry later`);
    this.name = 'ServerBusy';
  }
}

/** The path of a base URL without its trailing slash: `/sb` for `http://host:4010/sb`, `` at the root. */
export function basePath(baseUrl: string): string {
  return new URL(baseUrl).pathname.replace(/\/+$/, '');
}

/**
 * A request target under the base URL's path: kept when the sandbox is reached directly at that
 * path (`/sb/credentials`), the path put back when a reverse proxy took it off (`/credentials`
 * behind a proxy serving `http://host/sb`).
 */
function underBasePath(target: string, baseUrl: string): string {
  const prefix = basePath(baseUrl);
  const rest = target.slice(prefix.length);
  if (target.startsWith(prefix) && (rest === '' || rest.startsWith('/') || rest.startsWith('?')))
    return target;
  return `${prefix}${target}`;
}

/** The bytes buffered by every unfinished request of one server, bounded by `limit`. */
export interface BodyBudget {
  readonly limit: number;
  used: number;
}

/**
 * The body, read only while it stays within `limit` bytes and the server's budget: a larger
 * Content-Length is refused unread, a longer chunked body as soon as it passes the limit (the rest
 * is left unread); a chunk that would take the bytes buffered across all requests past
 * `budget.limit` is refused ({@link ServerBusy}). The bytes count against the budget until the
 * response closes.
 */
function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  budget: BodyBudget,
): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(new BodyTooLarge(limit));
  let held = 0;
  res.once('close', () => {
    budget.used -= held;
    held = 0;
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer): void => {
      length += chunk.length;
      const over =
        length > limit
          ? new BodyTooLarge(limit)
          : budget.used + chunk.length > budget.limit
            ? new ServerBusy(budget.limit)
            : undefined;
      if (!over) {
        budget.used += chunk.length;
        held += chunk.length;
        return void chunks.push(chunk);
      }
      req.off('data', onData);
      req.pause();
      reject(over);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * A fetch `Request` for a node request; its URL is resolved against the sandbox's base URL.
 * @throws {@link BodyTooLarge} for a body over `maxBodyBytes`; {@link ServerBusy} past the budget.
 */
export async function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  baseUrl: string,
  maxBodyBytes: number,
  budget: BodyBudget,
): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const body =
    method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, res, maxBodyBytes, budget);
  // The base URL's origin, not the Host header: clients may say `localhost` for 127.0.0.1.
  return new Request(new URL(underBasePath(req.url ?? '/', baseUrl), new URL(baseUrl).origin), {
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
