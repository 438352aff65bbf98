import { STATUS_CODES } from 'node:http';
import { HttpResponse } from 'msw';

function statusText(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** An answer of a failing gateway or service, as JSON; with `Retry-After` when given (seconds). */
export function statusFault(status: number, retryAfterSeconds?: number): Response {
  const text = statusText(status);
  const headers: Record<string, string> =
    retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) };
  return HttpResponse.json({ statusCode: status, message: text, error: text }, { status, headers });
}

/** The agent's rate limiter answer: 429, `Retry-After` and a plain-text body. */
export function rateLimited(retryAfterSeconds: number): Response {
  return new HttpResponse('Too many requests, please try again later.', {
    status: 429,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(retryAfterSeconds) },
  });
}

/** An HTML error page: the agent's (Express) "Cannot GET /x" for 404, a proxy's page otherwise. */
export function htmlPage(status: number, method: string, path: string): Response {
  const title = `${status} ${statusText(status)}`;
  const body =
    status === 404
      ? `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${path}</pre>\n</body>\n</html>\n`
      : `<html>\n<head><title>${title}</title></head>\n<body>\n<center><h1>${title}</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n`;
  return new HttpResponse(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

function headersOf(response: Response): Headers {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return headers;
}

/** The same status and headers with another body stream. */
function withBody(response: Response, body: ReadableStream<Uint8Array> | string): Response {
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: headersOf(response),
  });
}

/** Sends `bytes`, then fails the stream: the server turns that into a dropped connection. */
function failingStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent && bytes.length > 0) {
        sent = true;
        controller.enqueue(bytes);
        return;
      }
      controller.error(new TypeError('Connection reset by the sandbox (fault injection)'));
    },
  });
}

/** Headers of the real answer, then the connection drops. */
export function resetAfterHeaders(response: Response): Response {
  return withBody(response, failingStream(new Uint8Array()));
}

/** Half of the real body, then the connection drops. */
export async function truncatedBody(response: Response): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return withBody(response, failingStream(bytes.slice(0, Math.floor(bytes.length / 2))));
}

/** The first half of the real JSON body, sent as a complete answer: it does not parse. */
export async function malformedJson(response: Response): Promise<Response> {
  const text = await response.text();
  const broken = text.length > 1 ? text.slice(0, Math.floor(text.length / 2)) : '{';
  const headers = headersOf(response);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(broken, { status: response.status, statusText: response.statusText, headers });
}

/** The real answer's headers at once, its body after `ms`. */
export async function slowBody(response: Response, ms: number): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (bytes.length > 0) controller.enqueue(bytes);
      controller.close();
    },
  });
  return withBody(response, body);
}
