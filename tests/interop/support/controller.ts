import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RecordDuplicateError, RecordNotFoundError } from '@credo-ts/core';
import type { CredoAgent } from './agent.js';
import { routesOf } from './routes.js';

/** The two lines of credo-controller: v2.0 (root routes, raw API key) and v2.1 (prefixes, JWT). */
export type AgentLine = '2.0' | '2.1';

/** One route's answer: a status and a JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** A call as a route handler sees it. */
export interface Call {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** A route of the REST layer, written once for both lines; `didcomm` ones move under `/didcomm` on v2.1. */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** e.g. `/oob/:id/accept-invitation` */
  path: string;
  didcomm: boolean;
  /** Body fields the route takes (others are 422, as tsoa answers) and those it requires. */
  fields?: readonly string[];
  required?: readonly string[];
  handle(agent: CredoAgent, call: Call): Promise<Answer>;
}

/** A validation failure answered as credo-controller's tsoa does: 422 `Validation Failed`. */
export class ValidationFailure extends Error {
  constructor(readonly details: Record<string, { message: string }>) {
    super('Validation Failed');
  }
}

/**
 * Where the raw API key may go on a line: v2.0 wants it on every route; v2.1 only at
 * `POST /agent/token` (every other route wants the JWT that route hands out).
 */
export function keyIsDue(line: AgentLine, call: { method: string; path: string }): boolean {
  return line === '2.0' || (call.method === 'POST' && call.path === '/agent/token');
}

/** What a test needs of a running controller. */
export interface Controller {
  url: string;
  apiKey: string;
  line: AgentLine;
  /** Every request it took: method, path and Authorization header (to check which secret went where). */
  calls: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

/** An HS256 JWT without `exp`, as v2.1's `POST /agent/token` hands out. */
function signJwt(secret: Buffer, payload: Record<string, unknown>): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

function verifyJwt(secret: Buffer, token: string): boolean {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function send(res: ServerResponse, answer: Answer): void {
  res.statusCode = answer.status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(answer.body));
}

/** Express's answer to a route it does not know: an HTML page, not JSON. */
function notFoundPage(res: ServerResponse, method: string, path: string): void {
  res.statusCode = 404;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${path}</pre>\n</body>\n</html>\n`,
  );
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  const body: unknown = JSON.parse(text);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationFailure({ body: { message: 'invalid object' } });
  }
  return body as Record<string, unknown>;
}

function checkFields(route: Route, body: Record<string, unknown>): void {
  if (!route.fields) return;
  const allowed = route.fields;
  const excess = Object.keys(body).filter((name) => !allowed.includes(name));
  const details: Record<string, { message: string }> = {};
  if (excess.length > 0) {
    details['body'] = { message: `"${excess.join(',')}" is an excess property and therefore is not allowed` };
  }
  for (const name of route.required ?? []) {
    if (body[name] === undefined) details[`body.${name}`] = { message: `'${name}' is required` };
  }
  if (Object.keys(details).length > 0) throw new ValidationFailure(details);
}

function match(route: Route, prefix: string, path: string): Record<string, string> | undefined {
  const pattern = `${route.didcomm ? prefix : ''}${route.path}`.split('/');
  const parts = path.split('/');
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of pattern.entries()) {
    const part = parts[i] ?? '';
    if (segment.startsWith(':')) {
      if (!part) return undefined;
      params[segment.slice(1)] = decodeURIComponent(part);
    } else if (segment !== part) return undefined;
  }
  return params;
}

/** Credo's own failures as credo-controller answers them. */
function failure(error: unknown): Answer {
  if (error instanceof ValidationFailure)
    return { status: 422, body: { message: error.message, details: error.details } };
  if (error instanceof SyntaxError) return { status: 400, body: { message: error.message } };
  if (error instanceof RecordNotFoundError) return { status: 404, body: { message: error.message } };
  if (error instanceof RecordDuplicateError) return { status: 409, body: { message: error.message } };
  return { status: 500, body: { message: String(error) } };
}

/**
 * A thin REST layer in credo-controller's shapes in front of a real Credo agent, on 127.0.0.1
 * (test code: it maps the controller's routes onto Credo's API and nothing more). v2.0 takes the
 * raw API key on every route; v2.1 takes it only at `POST /agent/token` and wants the JWT elsewhere.
 */
export async function startController(
  agent: CredoAgent,
  line: AgentLine,
  label: string,
): Promise<Controller> {
  const apiKey = `key-${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32);
  const prefix = line === '2.1' ? '/didcomm' : '';
  const calls: Controller['calls'] = [];
  const routes = routesOf(label);

  function authorized(authorization: string | undefined): boolean {
    if (line === '2.0') return authorization === apiKey;
    const token = authorization?.replace(/^Bearer /, '');
    return token !== undefined && verifyJwt(secret, token);
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://controller');
    const method = req.method ?? 'GET';
    const authorization = req.headers.authorization;
    calls.push({ method, path: url.pathname + url.search, authorization });
    if (line === '2.1' && method === 'POST' && url.pathname === '/agent/token') {
      if (authorization !== apiKey) return send(res, { status: 401, body: { message: 'Unauthorized' } });
      return send(res, { status: 200, body: { token: signJwt(secret, { role: 'Basewallet' }) } });
    }
    for (const route of routes) {
      if (route.method !== method) continue;
      const params = match(route, prefix, url.pathname);
      if (!params) continue;
      if (!authorized(authorization)) return send(res, { status: 401, body: { message: 'Unauthorized' } });
      try {
        const body = method === 'GET' ? {} : await readJson(req);
        checkFields(route, body);
        return send(res, await route.handle(agent, { params, query: url.searchParams, body }));
      } catch (error) {
        return send(res, failure(error));
      }
    }
    notFoundPage(res, method, url.pathname);
  }

  const server: Server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => send(res, failure(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    line,
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
