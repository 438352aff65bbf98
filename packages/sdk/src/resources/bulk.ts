import { z } from 'zod';
import {
  AbortError,
  AgentError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
} from '../core/errors.js';
import { parseRequest } from '../core/parse.js';
import {
  parseRetryAfter,
  type ResolvedRetry,
  type RetryOptions,
  resolveRetry,
  retryDelay,
  sleep,
} from '../core/retry.js';
import type { RequestOptions } from '../core/transport.js';
import { EmailOfferItem, OfferEmailParams } from '../models/offers.js';

/** The body shared by every request of a bulk send: an e-mail offer body without `credentialOffer`. */
export type BulkEmailParams = Omit<OfferEmailParams, 'credentialOffer'>;
const BulkEmailParams = OfferEmailParams.omit({ credentialOffer: true });

/** One holder of a bulk send. `row` is the caller's key (e.g. a CSV line); default: 1-based position. */
export interface BulkRow {
  row?: number | string;
  offer: EmailOfferItem;
}

/** A row as the batch hooks see it. */
export interface BulkBatchRow {
  row: number | string;
  email: string;
}

/**
 * The outcome of one row. `sent`: the service accepted its request. `failed`: invalid (not sent), or
 * its request failed; `inDoubt` is true when that request may have reached the service (5xx,
 * timeout, connection lost after sending), so the e-mail may have gone out. `skipped`: not sent
 * because the run stopped (abort, or a fatal error such as 401/403).
 */
export interface BulkResult extends BulkBatchRow {
  status: 'sent' | 'failed' | 'skipped';
  /** The 1-based number of the request that carried the row, once it was handed to a request. */
  batch?: number;
  inDoubt?: boolean;
  error?: AgentError;
}

/** Options of a bulk send. */
export interface BulkOptions {
  /** Holders per request; default 10 (the cap of the demo deployment). */
  batchSize?: number;
  /** Requests in flight at most; default 4. */
  concurrency?: number;
  /** Stops the run: no new request starts; requests in flight are cancelled (their rows are in doubt). */
  signal?: AbortSignal;
  /** Retries of a request the service did not process (429, 503 + Retry-After, refused connection). Default 5. */
  retry?: RetryOptions | number | false;
  /** Timeout per request in ms; default the client's. */
  timeout?: number | false;
  /** Awaited before a request is sent (e.g. to journal it); a throw stops the run, the batch is skipped. */
  onBatchStart?: (rows: readonly BulkBatchRow[], batch: number) => void | Promise<void>;
  /** Awaited after a request settled, before its results are yielded; a throw stops the run. */
  onBatchEnd?: (results: readonly BulkResult[], batch: number) => void | Promise<void>;
}

/** Sends one request of a bulk run. */
export type SendEmailBatch = (params: OfferEmailParams, options: RequestOptions) => Promise<unknown>;

const BulkConfig = z.object({
  batchSize: z.int().min(1, 'must be at least 1'),
  concurrency: z.int().min(1, 'must be at least 1'),
});

type Planned = BulkBatchRow & { offer: EmailOfferItem };
type Outcome = Pick<BulkResult, 'status' | 'inDoubt' | 'error'>;

/**
 * Streams rows into e-mail offer requests of `batchSize` holders, `concurrency` at a time, and
 * yields one result per row (in completion order). Rows are pulled from the source only as request
 * slots free up, so memory stays flat whatever the number of rows. Each row is validated first;
 * an invalid row is yielded `failed` with a {@link RequestValidationError} and never sent.
 *
 * Retries: the helper does its own (the transport's are off for these calls). A 429, a 503 with
 * `Retry-After` and a refused connection mean the batch was not processed: every request pauses for
 * `Retry-After` (or an exponential backoff) and the batch is sent again, up to `retry.limit` times.
 * Anything else after sending (5xx, 503 without `Retry-After`, timeout, lost connection) may have
 * sent e-mails: the rows are `failed` with `inDoubt: true` and are never resent automatically.
 *
 * The iterator ends normally when every row of the source has a result. It throws after yielding
 * what it has when the run stopped early: {@link AbortError} for the signal, or the fatal error
 * ({@link AuthenticationError}, {@link PermissionDeniedError}, {@link NotFoundError}, a hook's throw).
 * @throws {@link RequestValidationError} (on the first `next()`) for an invalid common body or options.
 */
export async function* sendEmailBulk(
  send: SendEmailBatch,
  rows: Iterable<BulkRow> | AsyncIterable<BulkRow>,
  params: BulkEmailParams,
  options: BulkOptions = {},
): AsyncGenerator<BulkResult, void, undefined> {
  const run = new BulkRun(send, parseRequest(BulkEmailParams, params), options);
  yield* run.results(Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]());
}

class BulkRun {
  readonly #send: SendEmailBatch;
  readonly #common: BulkEmailParams;
  readonly #options: BulkOptions;
  readonly #config: { batchSize: number; concurrency: number };
  readonly #policy: ResolvedRetry;
  readonly #done: BulkResult[][] = [];
  #inflight = 0;
  #batches = 0;
  #notBefore = 0;
  #fatal: unknown;
  #closed = false;
  #wake: (() => void) | undefined;

  constructor(send: SendEmailBatch, common: BulkEmailParams, options: BulkOptions) {
    this.#send = send;
    this.#common = common;
    this.#options = options;
    const { batchSize = 10, concurrency = 4 } = options;
    this.#config = parseRequest(BulkConfig, { batchSize, concurrency });
    this.#policy = resolveRetry(options.retry ?? 5);
  }

  async *results(source: Iterator<BulkRow> | AsyncIterator<BulkRow>): AsyncGenerator<BulkResult> {
    const { batchSize, concurrency } = this.#config;
    let batch: Planned[] = [];
    let position = 0;
    let exhausted = false;
    let complete = true;
    let ended = false;
    try {
      for (;;) {
        const finished = this.#done.shift();
        if (finished) {
          yield* finished;
        } else if (this.#stopReason() !== undefined && batch.length) {
          complete = false;
          yield* batch.map((r) => ({ row: r.row, email: r.email, ...this.#skipped() }));
          batch = [];
        } else if (batch.length && (batch.length === batchSize || exhausted)) {
          if (this.#inflight >= concurrency) await this.#next();
          else this.#launch(batch.splice(0));
        } else if (!exhausted && this.#stopReason() === undefined && this.#inflight < concurrency) {
          const next = await this.#pull(source);
          if (next === undefined || next.done) exhausted = true;
          else {
            const planned = this.#plan(next.value, ++position);
            if ('status' in planned) yield planned;
            else batch.push(planned);
          }
        } else if (this.#inflight > 0) {
          await this.#next();
        } else break;
      }
      ended = true;
    } finally {
      // A consumer that stops early gets no more requests sent on its behalf.
      if (!ended) this.#closed = true;
      while (this.#inflight > 0) await this.#next();
      if (!exhausted) await source.return?.();
    }
    const stop = this.#stopReason();
    if (stop !== undefined && !(exhausted && complete)) throw stop;
  }

  async #pull(source: Iterator<BulkRow> | AsyncIterator<BulkRow>) {
    try {
      return await source.next();
    } catch (error) {
      this.#fatal ??= error;
      return undefined;
    }
  }

  #plan(input: BulkRow, position: number): Planned | BulkResult {
    const row = input?.row ?? position;
    const emailId: unknown = input?.offer?.emailId;
    const email = typeof emailId === 'string' ? emailId : '';
    try {
      const offer = parseRequest(EmailOfferItem, input?.offer, 'offer');
      checkForType(offer, this.#common.credentialType);
      return { row, email, offer };
    } catch (error) {
      return { row, email, status: 'failed', inDoubt: false, error: toAgentError(error) };
    }
  }

  #launch(rows: Planned[]): void {
    const batch = ++this.#batches;
    this.#inflight++;
    void this.#runBatch(rows, batch).then((results) => {
      this.#inflight--;
      this.#done.push(results);
      const wake = this.#wake;
      this.#wake = undefined;
      wake?.();
    });
  }

  #next(): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
    });
  }

  async #runBatch(rows: Planned[], batch: number): Promise<BulkResult[]> {
    const meta = rows.map(({ row, email }) => ({ row, email }));
    let outcome: Outcome;
    try {
      await this.#options.onBatchStart?.(meta, batch);
      outcome = await this.#attempts(rows.map((r) => r.offer));
    } catch (error) {
      this.#fatal ??= error;
      outcome = this.#skipped();
    }
    const results = meta.map((m) => ({ ...m, batch, ...outcome }));
    try {
      await this.#options.onBatchEnd?.(results, batch);
    } catch (error) {
      this.#fatal ??= error;
    }
    return results;
  }

  async #attempts(credentialOffer: EmailOfferItem[]): Promise<Outcome> {
    const { signal, timeout } = this.#options;
    const body = { ...this.#common, credentialOffer };
    for (let attempt = 1; ; attempt++) {
      while (Date.now() < this.#notBefore) {
        const waited = await sleep(this.#notBefore - Date.now(), signal).then(
          () => true,
          () => false,
        );
        if (!waited) return this.#skipped();
      }
      if (this.#stopReason() !== undefined) return this.#skipped();
      try {
        await this.#send(body, { signal, retry: false, ...(timeout === undefined ? {} : { timeout }) });
        return { status: 'sent' };
      } catch (caught) {
        const error = toAgentError(caught);
        if (error instanceof ResponseValidationError) return { status: 'sent' };
        const delay = attempt <= this.#policy.limit ? this.#retryDelay(error, attempt) : undefined;
        if (delay === undefined) {
          if (isFatal(error)) this.#fatal ??= error;
          return { status: 'failed', inDoubt: isInDoubt(error), error };
        }
        this.#notBefore = Math.max(this.#notBefore, Date.now() + delay);
      }
    }
  }

  /** A delay when the service certainly did not process the batch; undefined otherwise. */
  #retryDelay(error: AgentError, attempt: number): number | undefined {
    if (error instanceof ConnectionError)
      return error.sent ? undefined : retryDelay(attempt, { kind: 'network', sent: false }, this.#policy);
    if (!(error instanceof ApiError)) return undefined;
    const retryAfterMs = parseRetryAfter(error.headers?.get('retry-after') ?? null);
    if (error.status !== 429 && !(error.status === 503 && retryAfterMs !== undefined)) return undefined;
    return retryDelay(attempt, { kind: 'status', status: error.status, retryAfterMs }, this.#policy);
  }

  #stopReason(): unknown {
    if (this.#fatal !== undefined) return this.#fatal;
    if (this.#closed) return new AbortError('The bulk send was closed by its consumer');
    const signal = this.#options.signal;
    return signal?.aborted
      ? new AbortError('The bulk send was aborted', { cause: signal.reason })
      : undefined;
  }

  #skipped(): Outcome {
    const reason = this.#stopReason();
    return { status: 'skipped', ...(reason instanceof AgentError ? { error: reason } : {}) };
  }
}

function checkForType(offer: EmailOfferItem, credentialType: string): void {
  const missing =
    credentialType === 'indy' && !offer.attributes?.length
      ? 'attributes'
      : credentialType === 'jsonld' && !offer.credential
        ? 'credential'
        : undefined;
  if (missing === undefined) return;
  const issue = { path: `offer.${missing}`, message: `is required for ${credentialType} offers` };
  throw new RequestValidationError(`Invalid request: ${issue.path}: ${issue.message}`, [issue]);
}

function toAgentError(error: unknown): AgentError {
  if (error instanceof AgentError) return error;
  return new AgentError(error instanceof Error ? error.message : String(error), { cause: error });
}

function isFatal(error: AgentError): boolean {
  return (
    error instanceof AuthenticationError ||
    error instanceof PermissionDeniedError ||
    error instanceof NotFoundError ||
    error instanceof RequestValidationError
  );
}

/** May the failed request have sent e-mails? Only errors proving the service refused it say no. */
function isInDoubt(error: AgentError): boolean {
  if (error instanceof RequestValidationError) return false;
  if (error instanceof ConnectionError) return error.sent;
  if (!(error instanceof ApiError)) return true;
  if (error instanceof RateLimitError) return false;
  if (error.status === 503 && error.headers?.get('retry-after')) return false;
  // A gateway that sends e-mails one by one reports a partial failure with an `error` array.
  const partial =
    typeof error.body === 'object' && error.body !== null && Array.isArray(Reflect.get(error.body, 'error'));
  return error.status >= 500 || partial;
}
