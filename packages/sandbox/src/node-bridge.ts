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

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A fetch `Request` for a node request; its URL is resolved against the sandbox's base URL. */
export async function toFetchRequest(req: IncomingMessage, baseUrl: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
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
