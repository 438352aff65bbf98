import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { htmlPage } from './faults/responses.js';
import { invitationResponse } from './invitation-pages.js';
import { toFetchRequest, writeFetchResponse } from './node-bridge.js';
import { counted, type Resolver } from './resolver.js';
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';

/** Options of {@link startSandbox}. */
export interface StartSandboxOptions extends SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
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

const CORS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
};
const PREFLIGHT: Readonly<Record<string, string>> = {
  ...CORS,
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
};

/** The agent's HTML 404 for a route no handler answers. */
const notFoundPage: Resolver = async ({ request }) =>
  htmlPage(404, request.method, new URL(request.url).pathname);

async function serve(sandbox: Sandbox, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, PREFLIGHT).end();
    return;
  }
  const request = await toFetchRequest(req, sandbox.baseUrl);
  const response =
    invitationResponse(sandbox, request) ??
    (await getResponse(sandbox.handlers, request)) ??
    (await counted(sandbox, notFoundPage)({ request, params: {} }));
  await writeFetchResponse(res, response, CORS);
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
 * Serves a new sandbox over HTTP on loopback, with CORS open so a browser page can call it.
 * Records link to the server's URL unless `baseUrl` is given.
 * @throws {@link Error} when the port is taken.
 * @example
 * const { url, sandbox, close } = await startSandbox();
 * const agent = new AgentClient({ baseUrl: url });
 * // …
 * await close();
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const { port = 0, host = '127.0.0.1', ...sandboxOptions } = options;
  let sandbox: Sandbox | undefined;
  const server = createServer((req, res) => {
    if (!sandbox) return void res.writeHead(503).end();
    serve(sandbox, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json', ...CORS });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });
  const address = await listen(server, port, host);
  const url = `http://${reachableHost(address)}:${address.port}`;
  sandbox = createSandbox({ ...sandboxOptions, baseUrl: sandboxOptions.baseUrl ?? url });
  const running = sandbox;
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
