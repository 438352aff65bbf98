/** How failed attempts are retried. `retry: 2` is short for `{ limit: 2 }`; `false` turns retries off. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  limit?: number | undefined;
  /** First backoff delay in ms, doubled each retry, with jitter. Default 300. */
  baseDelay?: number | undefined;
  /** Largest backoff delay in ms. Default 10 000. */
  maxDelay?: number | undefined;
  /** A `Retry-After` longer than this (ms) is not waited for: the error is thrown. Default 60 000. */
  maxRetryAfter?: number | undefined;
}

/** A retry policy with every value filled in. */
export interface ResolvedRetry {
  limit: number;
  baseDelay: number;
  maxDelay: number;
  maxRetryAfter: number;
}

const DEFAULT_RETRY: ResolvedRetry = { limit: 2, baseDelay: 300, maxDelay: 10_000, maxRetryAfter: 60_000 };

/** The policy of a `retry` option; a value left out or `undefined` keeps its default. */
export function resolveRetry(retry: RetryOptions | number | false | undefined): ResolvedRetry {
  if (retry === false) return { ...DEFAULT_RETRY, limit: 0 };
  if (typeof retry === 'number') return { ...DEFAULT_RETRY, limit: retry };
  const { limit, baseDelay, maxDelay, maxRetryAfter } = retry ?? {};
  return {
    limit: limit ?? DEFAULT_RETRY.limit,
    baseDelay: baseDelay ?? DEFAULT_RETRY.baseDelay,
    maxDelay: maxDelay ?? DEFAULT_RETRY.maxDelay,
    maxRetryAfter: maxRetryAfter ?? DEFAULT_RETRY.maxRetryAfter,
  };
}

/** What went wrong with one attempt, as far as the retry decision is concerned. */
export type AttemptFailure =
  | { kind: 'status'; status: number; retryAfterMs: number | undefined }
  | { kind: 'network'; sent: boolean }
  | { kind: 'timeout' };

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * GETs are retried on connection errors and 408/429/5xx. Anything else (POSTs, which may send
 * e-mails and carry no idempotency key) only when it certainly did not reach the server: the
 * connection was refused, or the server answered 429/503 with `Retry-After`.
 */
export function isRetryable(method: string, failure: AttemptFailure): boolean {
  if (failure.kind === 'timeout') return false;
  if (failure.kind === 'network') return IDEMPOTENT.has(method) || !failure.sent;
  if (IDEMPOTENT.has(method)) return RETRYABLE_STATUS.has(failure.status);
  return (failure.status === 429 || failure.status === 503) && failure.retryAfterMs !== undefined;
}

/** The delay before retry number `attempt` (1-based): `Retry-After` if given, else backoff with jitter. */
export function retryDelay(
  attempt: number,
  failure: AttemptFailure,
  policy: ResolvedRetry,
): number | undefined {
  if (failure.kind === 'status' && failure.retryAfterMs !== undefined) {
    return failure.retryAfterMs > policy.maxRetryAfter ? undefined : failure.retryAfterMs;
  }
  const ceiling = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** `Retry-After` in ms: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
