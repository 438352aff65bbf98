import ky, { type KyInstance, type Options as KyOptions } from 'ky';
import type * as z from 'zod/mini';
import { type APIPromise, answered, apiCall } from '../api-promise.js';
import { AgentKeyAuth, type AuthStep, pathOnLine } from '../auth/api-key-auth.js';
import { BearerAuth, type Credential } from '../auth/bearer.js';
import { AbortError, type AgentError, type AuthenticationError } from '../errors.js';
import { namedSecrets } from '../redact.js';
import {
  type AttemptFailure,
  isRetryable,
  parseRetryAfter,
  resolveRetry,
  retryDelay,
  sleep,
} from '../retry.js';
import { heldToken, MemoryTokenStore } from '../token-store.js';
import type { Call, CallInit, Received, RequestOptions, TransportOptions } from '../transport-types.js';
import { checkRanges } from '../validation/option-ranges.js';
import { parseRequest, parseResponse } from '../validation/parse.js';
import { type Answer, type AttemptLimits, attempt, type Outgoing, type Sender } from './attempt.js';
import { callOptions } from './call-options.js';
import { acceptOrgEnvelope, unwrapEnvelope } from './envelope.js';
import { withExtraBody } from './extra-body.js';
import { failureOf } from './failures.js';
import { errorFromResponse } from './http-errors.js';
import { Observer } from './observer.js';
import { jsonPayload } from './payload.js';
import { routeOf } from './routes.js';
import { watchedFetch } from './wire-watch.js';

export type {
  Call,
  CallInit,
  RawResponse,
  Received,
  RequestEvent,
  RequestOptions,
  ResponseEvent,
  RetryEvent,
  TransportHooks,
  TransportOptions,
} from '../transport-types.js';

/**
 * The HTTP layer, as a pipeline: validate the body → auth step (token, re-sign-in after a 401)
 * wrapping → retry loop over → one attempt (send, status check, capped body read, all under one
 * deadline) → error mapping → envelope unwrapping by route family.
 */
export class Transport {
  readonly #send: Sender;
  readonly #options: TransportOptions;
  readonly #auth: AuthStep;
  readonly #observer: Observer;

  /** @throws {@link RequestValidationError} naming `timeout` or `retry` when out of range. */
  constructor(options: TransportOptions) {
    checkRanges(options);
    this.#options = options;
    const { apiKey, line, tenantId } = options;
    // The agent's own token exchange goes through the same attempts (hooks, deadline, errors).
    const own = (call: CallInit, credential: Credential) =>
      this.#retrying(call, { body: undefined, payload: undefined }, credential, { sent: 0 });
    const tokenStore = options.agentTokenStore ?? new MemoryTokenStore();
    this.#auth = apiKey
      ? new AgentKeyAuth({ apiKey, line, tenantId, agentUrl: options.baseUrl, tokenStore }, own)
      : new BearerAuth(options.tokenStore, options.reauthenticate);
    this.#observer = new Observer(options.hooks);
    const client: KyInstance = ky.create({
      retry: 0,
      throwHttpErrors: false,
      // The attempt's deadline times every phase; ky's timer would stop at the headers.
      timeout: false,
    });
    // ky builds the Request; the attempt owns the deadline, the redirect check and the body read.
    this.#send = (url, { body, ...init }, watch) => {
      const given = options.fetch;
      // A fetch the caller gave gets ky's Request whole. Node's gets ky's Request and the JSON text
      // as `init.body`: a body in ky's Request is a stream ky tees for retries of its own (off here)
      // and fetch pipes through another stream, about a third of a bulk request's cost.
      return client(url, {
        ...((given ? { body, ...init } : init) as KyOptions),
        fetch: watchedFetch(given, watch, given ? undefined : body),
      });
    };
  }

  /**
   * Sends a call and validates the answer against `call.response`; the promise gives the response
   * too. A function giving the call builds it first, its throw (invalid input) a rejection. The
   * caller's `options` come apart from the call: they can set only the per-call options, besides
   * the method's `own` ones, which its builder reads.
   */
  request<Res extends z.core.$ZodType>(
    init: Call<Res> | (() => Call<Res>),
    options?: RequestOptions,
    own?: RegExp,
  ): APIPromise<z.output<Res>> {
    return apiCall(async () => {
      const call = typeof init === 'function' ? init() : init;
      const raw = await this.send(call, options, own);
      // The secrets reach a ResponseValidationError, which scrubs them from the body it keeps.
      // The path sent (on the agent's line), as every error of the request names it.
      const { method, target } = call;
      const info = { method, path: raw.path, target, status: raw.status, secrets: raw.secrets };
      // Every /orgs answer: `success: false` in a 2xx envelope is a failure (one place for all),
      // whatever else the envelope holds; a call's own check (the e-mail offer's) speaks first.
      const orgs = routeOf(info.path).envelope === 'keep';
      if (orgs && !call.accept) acceptOrgEnvelope(raw.body, info);
      const data = parseResponse(call.response, raw.body, info, raw.deadline);
      if (call.accept) {
        call.accept(data, info);
        if (orgs) acceptOrgEnvelope(raw.body, info);
      }
      return answered(data, raw);
    });
  }

  /**
   * Sends a call and returns the body (unwrapped as its route family says) without validating it,
   * with the secrets to scrub from any error built from it.
   */
  async send(call: CallInit, options?: RequestOptions, own?: RegExp): Promise<Received> {
    const raw = await this.exchange(call, options, own);
    const envelope = routeOf(call.path).envelope;
    return envelope === 'unwrap' ? { ...raw, body: unwrapEnvelope(raw.body) } : raw;
  }

  /**
   * Sends a call with the caller's options and returns the body as the server sent it (no envelope taken off).
   * @throws {@link RequestValidationError} for options that are not per-call options (nothing is sent).
   */
  async exchange(base: CallInit, options?: unknown, own?: RegExp): Promise<Received> {
    // Only the per-call options reach the call: never its method, path, body, auth or secrets.
    const { signal, timeout, retry, headers: extra, extraBody } = callOptions(options, own);
    const init: CallInit = { ...base, signal, timeout, retry, headers: extra, extraBody };
    checkRanges(init);
    // Scrubbed too: the token the client holds, and secret headers and query fields the call adds.
    const held = await heldToken(this.#options.tokenStore);
    const secrets = [...(init.secrets ?? []), ...namedSecrets(init.headers), ...namedSecrets(init.query)];
    const withSecrets = { ...init, secrets: secrets.concat(held ?? []) };
    const parsed = init.request ? parseRequest(init.request, init.body) : init.body;
    const body = withExtraBody(parsed, init.extraBody, init.request);
    const payload = jsonPayload(body);
    // The SDK's own agent routes move with the agent's line (found out first, once the body is valid).
    const path = await pathOnLine(this.#auth, withSecrets, this.#options.line ?? '2.0');
    const call = { ...withSecrets, path };
    let used: Credential | undefined;
    // Attempts are numbered across the auth step's second send, as the hooks report them.
    const attempts = { sent: 0 };
    const answer = await this.#auth.wrap(call, (credential) => {
      used = credential;
      return this.#retrying(call, { body, payload }, credential, attempts);
    });
    const scrubbed = this.#secrets(call, used);
    if (answer.status === 401) {
      const error = this.#errorOf(call, answer, scrubbed) as AuthenticationError;
      throw this.#auth.refused && call.auth !== false ? this.#auth.refused(error) : error;
    }
    const { status, headers, deadline } = answer;
    return { status, headers, body: answer.body, deadline, secrets: scrubbed, path };
  }

  /** Attempts until an answer is usable (2xx) or is a 401 for the auth step, or the policy gives up. */
  async #retrying(
    call: CallInit,
    { body, payload }: { body: unknown; payload: string | undefined },
    credential: Credential,
    attempts: { sent: number },
  ): Promise<Answer> {
    const secrets = this.#secrets(call, credential);
    const out = this.#outgoing(call, payload, credential);
    const limits: AttemptLimits = {
      baseUrl: this.#options.baseUrl,
      maxResponseBytes: this.#options.maxResponseBytes,
      secrets,
    };
    const policy = resolveRetry(call.retry ?? this.#options.retry);
    for (let n = 1; ; n++) {
      let error: AgentError;
      let failure: AttemptFailure | undefined;
      const number = ++attempts.sent;
      this.#observer.request(out, number, body, secrets);
      try {
        const answer = await attempt(this.#send, out, limits);
        this.#observer.response(out, answer, number, secrets);
        if ((answer.status >= 200 && answer.status < 300) || answer.status === 401) return answer;
        const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
        failure = { kind: 'status', status: answer.status, retryAfterMs };
        error = this.#errorOf(call, answer, secrets);
      } catch (thrown) {
        error = thrown as AgentError;
        failure = failureOf(error);
      }
      const retryable = failure && n <= policy.limit && isRetryable(call.method, failure);
      const delay = failure && retryable ? retryDelay(n, failure, policy) : undefined;
      if (delay === undefined) throw error;
      this.#observer.retry(
        {
          method: call.method,
          url: out.url,
          attempt: number,
          delayMs: delay,
          reason: error.message,
        },
        secrets,
      );
      await sleep(delay, call.signal).catch(() => {
        const { method, path, target } = call;
        throw new AbortError(`${method} /${path} was aborted`, {
          method,
          path,
          target,
          cause: call.signal?.reason,
        });
      });
    }
  }

  /** What to scrub from anything shown: the credential, the call's own secrets, the client's. */
  #secrets(call: CallInit, credential: Credential | undefined): (string | undefined)[] {
    return [...(credential?.secrets ?? []), ...(call.secrets ?? []), ...this.#options.secrets()];
  }

  #outgoing(call: CallInit, payload: string | undefined, credential: Credential): Outgoing {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...call.headers,
      ...credential.headers,
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return {
      info: { method: call.method, path: call.path, target: call.target },
      url: this.#url(call.path, call.query),
      headers,
      payload,
      signal: call.signal,
      timeout: call.timeout ?? this.#options.timeout,
    };
  }

  #errorOf(call: CallInit, answer: Answer, secrets: readonly (string | undefined)[]): AgentError {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    const { status, statusText, body, headers } = answer;
    const { method, path, target } = call;
    const init = { status, statusText, body, headers, method, path, target, retryAfterMs };
    return errorFromResponse(init, secrets);
  }

  #url(path: string, query: Record<string, string | undefined> | undefined): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.append(k, v);
    const qs = params.size ? `?${params}` : '';
    return `${this.#options.baseUrl.replace(/\/+$/, '')}/${path}${qs}`;
  }
}
