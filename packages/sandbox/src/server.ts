import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { deliveriesResponse } from './deliveries.js';
import { htmlPage } from './faults/responses.js';
import { invitationResponse } from './invitation-pages.js';
import {
  type BodyBudget,
  BodyTooLarge,
  ServerBusy,
  toFetchRequest,
  writeFetchResponse,
} from './node-bridge.js';
import {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_BUFFERED_BYTES,
  pathDecodes,
  type RequestGuard,
  requestGuard,
} from './request-guard.js';
import { counted, type Resolver } from './resolver.js';
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';

/** Options of {@link startSandbox}. */
export interface StartSandboxOptions extends SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /**
   * Interface to listen on; default `127.0.0.1`. On loopback the server answers only requests whose
   * Host header is `localhost`, `127.0.0.1` or `[::1]` with its port, or the host of `baseUrl`
   * (403 otherwise: a page on another name that resolves to 127.0.0.1 cannot reach it).
   */
  host?: string;
  /**
   * Most bytes of a request body the server reads; a longer body is answered 413 and not read.
   * Default 1 MiB (1 048 576).
   */
  maxBodyBytes?: number;
  /**
   * Most bytes the server buffers across all request bodies in flight; a request whose body would
   * pass it is answered 503 with `Retry-After` and its connection closed, the rest unread.
   * Default 32 MiB. Headers must arrive within 10 s and a whole request within 30 s.
   */
  maxBufferedBytes?: number;
}

/** A sandbox served over HTTP. */
export interface RunningSandbox {
  /**
   * `http://127.0.0.1:PORT`, the base URL to give clients (loopback when listening on 0.0.0.0 or
   * `::`, which no client can connect to).
   */
  url: string;
  /** The sandbox behind the server (state, faults, counters). */
  sandbox: Sandbox;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

const PREFLIGHT: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
};

/** The agent's HTML 404 for a route no handler answers. */
const notFoundPage: Resolver = async ({ request }) =>
  htmlPage(404, request.method, new URL(request.url).pathname);

/** A gateway-style JSON error, sent before any handler ran; the connection is closed after it. */
function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string>): void {
  const body = JSON.stringify({ statusCode: status, message, error: STATUS_CODES[status] });
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', Connection: 'close' }).end(body);
}

/** CORS for loopback origins and the public URL's, never `*`. */
function corsHeaders(guard: RequestGuard, req: IncomingMessage): Record<string, string> {
  const origin = guard.corsOrigin(req.headers.origin);
  return origin === undefined
    ? { Vary: 'Origin' }
    : {
        Vary: 'Origin',
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Expose-Headers': 'Retry-After',
      };
}

/** How long a client has to send its headers, and its whole request. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * After a 413 or 503, what the client still sends is read and dropped (so it sees the answer) up to the
 * limit again; then the connection is cut.
 */
function discardRest(req: IncomingMessage, limit: number): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) req.socket.destroy();
  });
  req.resume();
}

async function serve(
  sandbox: Sandbox,
  guard: RequestGuard,
  maxBodyBytes: number,
  budget: BodyBudget,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const cors = corsHeaders(guard, req);
  if (!guard.hostAllowed(req.headers.host)) {
    return refuse(
      res,
      403,
      'Host header not allowed: this sandbox answers localhost and its public URL',
      cors,
    );
  }
  if (req.method === 'OPTIONS') {
    res.writeHead(204, 'Access-Control-Allow-Origin' in cors ? { ...cors, ...PREFLIGHT } : cors).end();
    return;
  }
  let request: Request;
  try {
    request = await toFetchRequest(req, res, sandbox.baseUrl, maxBodyBytes, budget);
  } catch (error) {
    if (!(error instanceof BodyTooLarge || error instanceof ServerBusy)) throw error;
    res.once('finish', () => discardRest(req, maxBodyBytes));
    return error instanceof BodyTooLarge
      ? refuse(res, 413, error.message, cors)
      : refuse(res, 503, error.message, { ...cors, 'Retry-After': '1' });
  }
  const notFound = counted(sandbox, notFoundPage);
  const response = pathDecodes(req.url ?? '/')
    ? (invitationResponse(sandbox, request) ??
      deliveriesResponse(sandbox, request) ??
      (await getResponse(sandbox.handlers, request)) ??
      (await notFound({ request, params: {} })))
    : await notFound({ request, params: {} });
  await writeFetchResponse(res, response, cors);
}

/** The host part of a URL that reaches the server from this machine (loopback for 0.0.0.0 and ::). */
function reachableHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Serves a new sandbox over HTTP on loopback, with CORS for pages on loopback origins (and the
 * origin of `baseUrl`), so a browser page on a dev server can call it.
 * Records link to the server's URL unless `baseUrl` is given.
 * @throws {@link Error} when the port is taken or `maxBodyBytes` or `maxBufferedBytes` is not a
 * non-negative integer.
 * @example
 * const { url, sandbox, close } = await startSandbox();
 * const agent = new AgentClient({ baseUrl: url });
 * // …
 * await close();
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const {
    port = 0,
    host = '127.0.0.1',
    maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
    maxBufferedBytes = DEFAULT_MAX_BUFFERED_BYTES,
    ...sandboxOptions
  } = options;
  for (const [name, value] of Object.entries({ maxBodyBytes, maxBufferedBytes })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  }
  const budget: BodyBudget = { limit: maxBufferedBytes, used: 0 };
  let ready: { sandbox: Sandbox; guard: RequestGuard } | undefined;
  const server = createServer((req, res) => {
    if (!ready) return void res.writeHead(503).end();
    serve(ready.sandbox, ready.guard, maxBodyBytes, budget, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  const address = await listen(server, port, host);
  const url = `http://${reachableHost(address)}:${address.port}`;
  const running = createSandbox({ ...sandboxOptions, baseUrl: sandboxOptions.baseUrl ?? url });
  ready = { sandbox: running, guard: requestGuard(address, running.baseUrl) };
  return {
    url,
    sandbox: running,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
