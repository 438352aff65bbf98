import ky, { type KyInstance } from 'ky';
import type { z } from 'zod';
import { Deadline } from './deadline.js';
import { parseBody, unwrapEnvelope } from './envelope.js';
import {
  AbortError,
  AuthenticationError,
  type AuthenticationFailure,
  ConnectionError,
  TimeoutError,
} from './errors.js';
import { withExtraBody } from './extra-body.js';
import { type FailedAttempt, failedAttempt } from './failures.js';
import { errorFromResponse } from './http-errors.js';
import { parseRequest, parseResponse } from './parse.js';
import { redactHeaders, redactValue } from './redact.js';
import {
  type AttemptFailure,
  isRetryable,
  parseRetryAfter,
  type ResolvedRetry,
  resolveRetry,
  retryDelay,
  sleep,
} from './retry.js';
import { isExpired } from './token-store.js';
import type { Call, RawResponse, TransportHooks, TransportOptions } from './transport-types.js';

export type {
  Call,
  RawResponse,
  RequestEvent,
  RequestOptions,
  ResponseEvent,
  RetryEvent,
  TransportHooks,
  TransportOptions,
} from './transport-types.js';

/** The HTTP layer: base URL, bearer token, timeout, retries, hooks, error mapping. */
export class Transport {
  readonly #ky: KyInstance;
  readonly #options: TransportOptions;
  #reauth: Promise<void> | undefined;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#ky = ky.create({
      prefixUrl: options.baseUrl,
      retry: 0,
      throwHttpErrors: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** Sends a call and validates the answer against `call.response`. */
  async request<Res extends z.ZodType>(call: Call<Res>): Promise<z.output<Res>> {
    const raw = await this.send(call);
    return parseResponse(call.response, raw.body, {
      method: call.method,
      path: call.path,
      status: raw.status,
    });
  }

  /** Sends a call and returns the (unwrapped) body without validating it. */
  async send(call: Omit<Call<z.ZodType>, 'response'>): Promise<RawResponse> {
    const parsed = call.request ? parseRequest(call.request, call.body) : call.body;
    const body = withExtraBody(parsed, call.extraBody, call.request);
    const useAuth = call.auth !== false;
    let token = useAuth ? await this.#token(call) : undefined;
    const policy = resolveRetry(call.retry ?? this.#options.retry);
    let reauthenticated = false;
    for (let attempt = 1; ; attempt++) {
      let outcome: { response: Response } | FailedAttempt = await this.#attempt(call, body, token, attempt);
      if ('response' in outcome) {
        if (outcome.response.status === 401 && useAuth) {
          await this.#clearIfCurrent(token);
          if (this.#options.reauthenticate && !reauthenticated && !call.signal?.aborted) {
            reauthenticated = true;
            // Read the refused answer: hooks see it, and an unread body would hold the connection.
            await this.#read(call, outcome.response, attempt, token).catch(() => undefined);
            token = await this.#token(call, true);
            continue;
          }
        }
        try {
          return await this.#finish(call, outcome.response, token, attempt);
        } catch (error) {
          // A body that broke off is a network failure: a GET may try again, a POST may not.
          if (!(error instanceof ConnectionError)) throw error;
          outcome = { failure: { kind: 'network', sent: true }, error };
        }
      }
      const delay = attempt <= policy.limit ? this.#delay(call, outcome.failure, attempt, policy) : undefined;
      if (delay === undefined) throw outcome.error;
      this.#hook('onRetry', {
        method: call.method,
        url: this.#url(call.path),
        attempt,
        delayMs: delay,
        reason: outcome.error.message,
      });
      await sleep(delay, call.signal).catch(() => {
        throw new AbortError(`${call.method} /${call.path} was aborted`, { cause: call.signal?.reason });
      });
    }
  }

  /** Clears the stored token after a 401, unless another call has stored a newer one meanwhile. */
  async #clearIfCurrent(token: string | undefined): Promise<void> {
    const store = this.#options.tokenStore;
    if ((await store.get())?.accessToken === token) await store.clear();
  }

  #delay(
    call: Call<z.ZodType> | Omit<Call<z.ZodType>, 'response'>,
    failure: AttemptFailure,
    attempt: number,
    policy: ResolvedRetry,
  ) {
    return isRetryable(call.method, failure) ? retryDelay(attempt, failure, policy) : undefined;
  }

  async #token(call: Omit<Call<z.ZodType>, 'response'>, force = false): Promise<string> {
    const store = this.#options.tokenStore;
    let stored = force ? undefined : await store.get();
    let reason: AuthenticationFailure | undefined;
    if (!stored) reason = 'missing-token';
    else if (isExpired(stored)) reason = 'expired-token';
    if (reason && this.#options.reauthenticate) {
      this.#reauth ??= this.#options.reauthenticate().finally(() => {
        this.#reauth = undefined;
      });
      await this.#reauth;
      stored = await store.get();
      reason = stored ? undefined : 'missing-token';
    }
    if (!stored || reason) {
      if (reason === 'expired-token') await store.clear();
      const message =
        reason === 'expired-token'
          ? 'The access token has expired; sign in again'
          : 'Not signed in: call auth.signIn() or give the client a token or credentials';
      throw new AuthenticationError(message, {
        status: 401,
        body: undefined,
        method: call.method,
        path: call.path,
        reason: reason ?? 'missing-token',
      });
    }
    return stored.accessToken;
  }

  async #attempt(
    call: Omit<Call<z.ZodType>, 'response'>,
    body: unknown,
    token: string | undefined,
    attempt: number,
  ): Promise<{ response: Response } | FailedAttempt> {
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const searchParams = cleanQuery(call.query);
    const url = this.#url(call.path, searchParams);
    if (this.#options.hooks.onRequest) {
      this.#hook('onRequest', {
        method: call.method,
        url,
        attempt,
        headers: redactHeaders(new Headers(headers)),
        body: redactValue(body, [token, ...(call.secrets ?? []), ...this.#secrets()]),
      });
    }
    const deadline = new Deadline(call.signal, call.timeout ?? this.#options.timeout);
    try {
      const started = Date.now();
      const response = await this.#ky(call.path, {
        method: call.method,
        headers,
        ...(payload !== undefined ? { body: payload } : {}),
        searchParams,
        // The deadline, not ky's timer, times the attempt: ky's stops once the headers arrive.
        timeout: false,
        ...(deadline.signal ? { signal: deadline.signal } : {}),
      });
      attempts.set(response, { started, deadline });
      if (response.ok || response.status === 401) return { response };
      const failure: AttemptFailure = {
        kind: 'status',
        status: response.status,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
      };
      return { failure, error: await this.#errorOf(call, response, token, failure.retryAfterMs, attempt) };
    } catch (error) {
      deadline.dispose();
      // Reading an error body can fail too: #read has already mapped that failure.
      if (error instanceof AbortError) throw error;
      if (error instanceof ConnectionError) return { failure: { kind: 'network', sent: true }, error };
      if (error instanceof TimeoutError) return { failure: { kind: 'timeout' }, error };
      return failedAttempt({ method: call.method, path: call.path }, error, deadline, call.signal, 'send');
    }
  }

  async #read(
    call: Omit<Call<z.ZodType>, 'response'>,
    response: Response,
    attempt: number,
    token: string | undefined,
  ) {
    const meta = attempts.get(response);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const info = { method: call.method, path: call.path };
      throw failedAttempt(info, error, meta?.deadline ?? new Deadline(undefined, false), call.signal, 'read')
        .error;
    } finally {
      meta?.deadline.dispose();
    }
    const body = parseBody(text, response.headers.get('content-type'));
    if (this.#options.hooks.onResponse) {
      this.#hook('onResponse', {
        method: call.method,
        url: response.url || this.#url(call.path),
        attempt,
        status: response.status,
        headers: redactHeaders(response.headers),
        body: redactValue(body, [token, ...(call.secrets ?? []), ...this.#secrets()]),
        durationMs: Date.now() - (meta?.started ?? Date.now()),
      });
    }
    return body;
  }

  async #errorOf(
    call: Omit<Call<z.ZodType>, 'response'>,
    response: Response,
    token: string | undefined,
    retryAfterMs: number | undefined,
    attempt: number,
  ) {
    const body = await this.#read(call, response, attempt, token);
    return errorFromResponse(
      {
        status: response.status,
        statusText: response.statusText,
        body,
        headers: response.headers,
        method: call.method,
        path: call.path,
        retryAfterMs,
      },
      [token, ...(call.secrets ?? []), ...this.#secrets()],
    );
  }

  async #finish(
    call: Omit<Call<z.ZodType>, 'response'>,
    response: Response,
    token: string | undefined,
    attempt: number,
  ): Promise<RawResponse> {
    if (response.status === 401) throw await this.#errorOf(call, response, token, undefined, attempt);
    const body = await this.#read(call, response, attempt, token);
    return {
      status: response.status,
      headers: response.headers,
      body: call.unwrap ? unwrapEnvelope(body) : body,
    };
  }

  #secrets(): readonly (string | undefined)[] {
    return this.#options.secrets();
  }

  #url(path: string, query?: Record<string, string>): string {
    const base = this.#options.baseUrl.replace(/\/+$/, '');
    const qs = query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
    return `${base}/${path}${qs}`;
  }

  #hook<K extends keyof TransportHooks>(name: K, event: Parameters<NonNullable<TransportHooks[K]>>[0]): void {
    try {
      (this.#options.hooks[name] as ((e: typeof event) => void) | undefined)?.(event);
    } catch {
      // A failing observer must not fail the call.
    }
  }
}

/** When each response's request was sent (for `durationMs`), and the deadline that times it. */
const attempts = new WeakMap<Response, { started: number; deadline: Deadline }>();

function cleanQuery(query: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) out[k] = v;
  return out;
}
