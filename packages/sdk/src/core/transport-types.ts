import type * as z from 'zod/mini';
import type { AgentLine } from './agent-line.js';
import type { RequestTarget } from './errors.js';
import type { RetryOptions } from './retry.js';
import type { ApiKey, TokenStore } from './token-store.js';
import type { RouteFamily } from './transport/routes.js';
import type { ParseDeadline } from './validation/parse.js';

/** Signs in again, under the signal and timeout of the call that needs it. */
export type Reauthenticate = (options: Pick<RequestOptions, 'signal' | 'timeout'>) => Promise<void>;

/** Per-call options accepted by every SDK method. */
export interface RequestOptions {
  /** Cancels the call, including any pending retry. */
  signal?: AbortSignal | undefined;
  /** Timeout per attempt in ms (overrides the client's); `false` for none. */
  timeout?: number | false | undefined;
  /** Retry policy for this call (overrides the client's). */
  retry?: RetryOptions | number | false | undefined;
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined;
  /**
   * Top-level body fields the request schema does not list, for deployments that read more than
   * the spec (e.g. a platform's top-level `presentationDefinition`). Unknown fields in the params
   * stay refused; a field the schema lists is refused here too. Only for calls with a JSON body.
   * @example
   * await agent.org(orgId).proofs.request(params, { requestType: 'presentationExchange', extraBody: { presentationDefinition } });
   */
  extraBody?: Readonly<Record<string, unknown>> | undefined;
}

/** Seen by {@link TransportHooks.onRequest}: secrets are already redacted. */
export interface RequestEvent {
  method: string;
  url: string;
  attempt: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Seen by {@link TransportHooks.onResponse}: secrets are already redacted. */
export interface ResponseEvent {
  method: string;
  url: string;
  attempt: number;
  status: number;
  headers: Record<string, string>;
  body: unknown;
  durationMs: number;
}

/** Seen by {@link TransportHooks.onRetry}. */
export interface RetryEvent {
  method: string;
  url: string;
  attempt: number;
  delayMs: number;
  reason: string;
}

/** Observers for logging and metrics. Errors thrown by hooks are ignored. */
export interface TransportHooks {
  /** Called before each attempt is sent. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called once each answer has been read, error answers included. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** Called before waiting to retry a failed attempt. */
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

export interface TransportOptions {
  baseUrl: string;
  tokenStore: TokenStore;
  /** An agent's API key: sent instead of the bearer token of the store (see `AgentKeyAuth`). */
  apiKey?: ApiKey | undefined;
  /** The agent's line when set; with an API key and none, the first call finds it out. */
  line?: AgentLine | undefined;
  /** A tenant of a multi-tenant agent (line 2.1): its token is used on every route. */
  tenantId?: string | undefined;
  /** Where the agent's token (line 2.1) is kept; default: in memory for the transport's life. */
  agentTokenStore?: TokenStore | undefined;
  timeout: number | false;
  retry: RetryOptions | number | false | undefined;
  fetch: typeof globalThis.fetch | undefined;
  /** Cap on the decoded bytes of one answer. */
  maxResponseBytes: number;
  hooks: TransportHooks;
  /** Signs in again when the token is missing, expired or rejected; undefined without credentials. */
  reauthenticate: Reauthenticate | undefined;
  /** Further secrets to keep out of messages (the password of a credentials provider). */
  secrets: () => readonly (string | undefined)[];
}

/** What {@link Call.accept} learns of the answer: its request, status, and the secrets to scrub. */
export interface Accepted extends RequestTarget {
  status: number;
  secrets: readonly (string | undefined)[];
}

/** One call: where, what to send, how to validate it. */
export interface Call<Res extends z.core.$ZodType> extends RequestOptions {
  /** Upper-case; the resources use GET and POST, `request()` any method. */
  method: string;
  path: string;
  query?: Record<string, string | undefined> | undefined;
  body?: unknown;
  /** Schema of the body; parse errors become `RequestValidationError` and nothing is sent. */
  request?: z.core.$ZodType | undefined;
  response: Res;
  /**
   * Checked after the answer parsed: throws when a 2xx answer reports a failure in its body (the
   * e-mail offer's `success: false`). Gets the request, the status and the secrets to scrub from its error.
   */
  accept?: ((data: z.output<Res>, answer: Accepted) => void) | undefined;
  /** Send the bearer token. Default true. */
  auth?: boolean;
  /** The service the call goes to, named on its errors; default: the family of `path` (`routeOf`). */
  target?: RouteFamily | undefined;
  /** `path` is one of the SDK's agent routes in line 2.0's form, moved on line 2.1 (`request()` paths stay literal). */
  agentRoute?: boolean;
  /** Values to scrub from error messages besides the token (a password being sent). */
  secrets?: readonly string[];
}

/** A call without its response schema: what the transport's `send` takes. */
export type CallInit = Omit<Call<z.core.$ZodType>, 'response' | 'accept'>;

/** What came back, before response validation. */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** What the transport hands the SDK's own calls: the answer, and the deadline its validation keeps. */
export interface Received extends RawResponse {
  /** The path sent: the call's, moved to the agent's line for the SDK's own agent routes. */
  path: string;
  /** The deadline of the attempt that got this answer; none without a timeout. */
  deadline: ParseDeadline | undefined;
  /** What to scrub from errors built from this answer (the token, a password). */
  secrets: readonly (string | undefined)[];
}
