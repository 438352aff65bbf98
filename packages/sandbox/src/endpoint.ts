import { type HttpHandler, http } from 'msw';
import type { z } from 'zod';
import { agentRoutePath } from './agent-line.js';
import type { SandboxContext } from './context.js';
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
import { check } from './validation.js';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** How an endpoint is reached and what it accepts. */
export interface EndpointSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  method: 'get' | 'post';
  /** Relative to the base URL; `:orgId` makes it an organisation endpoint (403 for non-members). */
  path: string;
  style: ErrorStyle;
  /** Whether a bearer token is needed. Default true. */
  auth?: boolean;
  /** The SDK's schema of the JSON body; an empty body counts as `{}`. */
  body?: B;
  /** The platform flavour's schema of the body, where the real platform reads more than the spec. */
  platformBody?: z.ZodType<Output<B>>;
  /** The SDK's schema of the query. */
  query?: Q;
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
 * The query and body, checked with the endpoint's schemas; or the answer refusing them: the real
 * agent's 422 on the platform flavour's agent routes, a 400 listing every field everywhere else
 * (and for a body that is not JSON).
 */
async function validate<B extends z.ZodType | undefined, Q extends z.ZodType | undefined>(
  ctx: SandboxContext,
  spec: EndpointSpec<B, Q>,
  request: Request,
): Promise<{ body: Output<B>; query: Output<Q> } | { refused: Response }> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = spec.query ? check(spec.query, params, 'query') : undefined;
  const json = spec.body ? await readJson(request) : undefined;
  const schema = ctx.flavor === 'platform' ? (spec.platformBody ?? spec.body) : spec.body;
  const body = schema && json?.ok ? check(schema, json.value, 'body') : undefined;
  const failed = [query, body].flatMap((checked) => (checked && !checked.ok ? [checked] : []));
  if (ctx.flavor === 'platform' && spec.style === 'agent' && json?.ok !== false && failed.length > 0) {
    return { refused: validationFailed(Object.assign({}, ...failed.map((checked) => checked.details))) };
  }
  const messages = [
    ...(query && !query.ok ? query.messages : []),
    ...(json && !json.ok ? ['body must be valid JSON'] : []),
    ...(body && !body.ok ? body.messages : []),
    ...(ctx.flavor === 'platform' && spec.style === 'gateway' && json?.ok ? notEmpty(json.value) : []),
  ];
  if (messages.length > 0) return { refused: badRequest(spec.style, messages) };
  return {
    body: (body?.ok ? body.data : undefined) as Output<B>,
    query: (query?.ok ? query.data : undefined) as Output<Q>,
  };
}

/**
 * An msw handler of the sandbox: counts the request and applies faults, then checks the token
 * (401), organisation membership (403) and the query and body against the SDK's schemas (see
 * {@link validate}), and only then runs `run`. An {@link HttpError} thrown by `run` becomes the
 * error answer of the endpoint's style.
 */
export function endpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(
  ctx: SandboxContext,
  spec: EndpointSpec<B, Q>,
  run: (call: EndpointCall<Output<B>, Output<Q>>) => Response | Promise<Response>,
): HttpHandler {
  const resolver = async (info: ResolverInfo): Promise<Response> => {
    const { user, denied } =
      spec.auth === false ? { user: undefined, denied: undefined } : authorize(ctx, spec, info);
    if (denied) return denied;
    const input = await validate(ctx, spec, info.request);
    if ('refused' in input) return input.refused;
    const call = { request: info.request, user, ...input, param: (name: string) => paramOf(info, name) };
    try {
      return await run(call);
    } catch (error) {
      const relayed = ctx.flavor === 'platform' && spec.style === 'gateway' && error instanceof AgentFailure;
      return relayed ? relayedResponse(error) : renderError(spec.style, error);
    }
  };
  // With an agent key, the agent's routes are where its line serves them.
  const path =
    spec.style === 'agent' && ctx.agentKey !== undefined
      ? agentRoutePath(ctx.agentLine, spec.path)
      : spec.path;
  const url = `${ctx.baseUrl}${ctx.routePrefix ?? ''}${path}`;
  return http[spec.method](url, counted(ctx, withFaults(ctx, resolver)));
}
