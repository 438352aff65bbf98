import { type HttpHandler, http } from 'msw';
import { agentRoutePath } from './agent-line.js';
import type { SandboxContext } from './context.js';
import { type Operation, operation } from './contract.js';
import { withFaults } from './faults/layer.js';
import {
  AgentFailure,
  badRequest,
  type ErrorStyle,
  errorResponse,
  relayedResponse,
  renderError,
  validationFailed,
} from './http.js';
import { counted, type ResolverInfo } from './resolver.js';
import { DEMO_USER, type UserRecord } from './state.js';

/** How an endpoint is reached; what it accepts is its operation in `openapi.json`. */
export interface EndpointSpec {
  method: 'get' | 'post';
  /** Relative to the base URL; `:orgId` makes it an organisation endpoint (403 for non-members). */
  path: string;
  style: ErrorStyle;
  /** Whether a bearer token is needed. Default true. */
  auth?: boolean;
}

/** A request that passed authentication, membership and validation. */
export interface EndpointCall<B, Q> {
  request: Request;
  /** The signed-in user; undefined only for endpoints without `auth`. */
  user: UserRecord | undefined;
  body: B;
  query: Q;
  /** A path parameter. */
  param(name: string): string;
}

function bearer(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await request.text();
  if (!text.trim()) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The platform's `@IsNotEmpty` on top-level fields: `comment: ""` is refused. */
function notEmpty(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body)
    .filter(([, value]) => value === '')
    .map(([key]) => `${key} should not be empty`);
}

function paramOf(info: ResolverInfo, name: string): string {
  const value = info.params[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The real agent's check. Line 2.0: its API key, raw and literal (`Bearer <key>` is refused). Line
 * 2.1: a token from `POST /agent/token`, raw or `Bearer ` (the key itself is refused).
 */
function agentKeyCheck(ctx: SandboxContext, key: string, info: ResolverInfo) {
  const header = info.request.headers.get('authorization') ?? '';
  const ok = ctx.agentLine === '2.0' ? header === key : ctx.agentTokens.has(header.replace(/^Bearer /, ''));
  if (!ok) return { denied: errorResponse('agent', 401, 'Unauthorized') };
  return { user: ctx.state.users.get(DEMO_USER.email) };
}

/** 401, 403 or undefined, in the order the gateway checks them. */
function authorize(ctx: SandboxContext, spec: { style: ErrorStyle; path: string }, info: ResolverInfo) {
  if (spec.style === 'agent' && ctx.agentKey !== undefined) return agentKeyCheck(ctx, ctx.agentKey, info);
  const token = bearer(info.request);
  const user = token === undefined ? undefined : ctx.state.userForToken(token);
  if (!user) return { denied: errorResponse(spec.style, 401, 'Unauthorized', 'Unauthorized') };
  if (spec.path.includes(':orgId') && !ctx.state.isMember(user.email, paramOf(info, 'orgId'))) {
    return { denied: errorResponse(spec.style, 403, 'User does not have access', 'Forbidden Resource') };
  }
  return { user };
}

/**
 * The query and body, checked against the endpoint's operation in `openapi.json`; or the answer
 * refusing them: the real agent's 422 on the platform flavour's agent routes, the `x-refusal` of a
 * query parameter (404 "invalid credential type"), a 400 listing every field everywhere else (and
 * for a body that is not JSON).
 */
async function validate<B, Q>(
  ctx: SandboxContext,
  spec: EndpointSpec,
  op: Operation,
  request: Request,
): Promise<{ body: B; query: Q } | { refused: Response }> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = op.checkQuery(params);
  const json = op.hasBody ? await readJson(request) : undefined;
  const body = json?.ok ? op.checkBody(json.value) : undefined;
  const failed = [query, body].flatMap((checked) => (checked && !checked.ok ? [checked] : []));
  if (ctx.flavor === 'platform' && spec.style === 'agent' && json?.ok !== false && failed.length > 0) {
    return { refused: validationFailed(Object.assign({}, ...failed.map((checked) => checked.details))) };
  }
  if (!query.ok && query.refusal) {
    return { refused: errorResponse(spec.style, query.refusal.status, query.refusal.message) };
  }
  const messages = [
    ...(query.ok ? [] : query.messages),
    ...(json && !json.ok ? ['body must be valid JSON'] : []),
    ...(body && !body.ok ? body.messages : []),
    ...(ctx.flavor === 'platform' && spec.style === 'gateway' && json?.ok ? notEmpty(json.value) : []),
  ];
  if (messages.length > 0) return { refused: badRequest(spec.style, [...new Set(messages)]) };
  return { body: (json?.ok ? json.value : undefined) as B, query: params as Q };
}

/**
 * Where the document describes a route the sandbox serves at `served`: the platform flavour's
 * gateway routes are the platform's (`/v1/…`), with or without the prefix; every other route is
 * documented where it is served. `:name` parameters are written `{name}`.
 */
function documentedPath(ctx: SandboxContext, spec: EndpointSpec, served: string): string {
  const platformGateway = ctx.flavor === 'platform' && spec.style === 'gateway' && !served.startsWith('/v1/');
  return (platformGateway ? `/v1${served}` : served).replace(/:(\w+)/g, '{$1}');
}

/**
 * An msw handler of the sandbox: counts the request and applies faults, then checks the token
 * (401), organisation membership (403) and the query and body against `openapi.json` (see
 * {@link validate}), and only then runs `run`. An {@link HttpError} thrown by `run` becomes the
 * error answer of the endpoint's style.
 */
export function endpoint<B = undefined, Q = Record<string, string | undefined>>(
  ctx: SandboxContext,
  spec: EndpointSpec,
  run: (call: EndpointCall<B, Q>) => Response | Promise<Response>,
): HttpHandler {
  // With an agent key, the agent's routes are where its line serves them.
  const path =
    spec.style === 'agent' && ctx.agentKey !== undefined
      ? agentRoutePath(ctx.agentLine, spec.path)
      : spec.path;
  const served = `${ctx.routePrefix ?? ''}${path}`;
  const op = operation(spec.method, documentedPath(ctx, spec, served));
  const resolver = async (info: ResolverInfo): Promise<Response> => {
    const { user, denied } =
      spec.auth === false ? { user: undefined, denied: undefined } : authorize(ctx, spec, info);
    if (denied) return denied;
    const input = await validate<B, Q>(ctx, spec, op, info.request);
    if ('refused' in input) return input.refused;
    const call = { request: info.request, user, ...input, param: (name: string) => paramOf(info, name) };
    try {
      return await run(call);
    } catch (error) {
      const relayed = ctx.flavor === 'platform' && spec.style === 'gateway' && error instanceof AgentFailure;
      return relayed ? relayedResponse(error) : renderError(spec.style, error);
    }
  };
  const url = `${ctx.baseUrl}${served}`;
  return http[spec.method](url, counted(ctx, withFaults(ctx, resolver)));
}
