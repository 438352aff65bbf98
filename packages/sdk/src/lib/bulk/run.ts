import * as z from 'zod/mini';
import { AbortError, AgentError, type RequestTarget } from '../../core/errors.js';
import { type ResolvedRetry, resolveRetry, sleep } from '../../core/retry.js';
import { bulkRetryDelay, isFatalForBulk, isInDoubt } from '../../core/transport/bulk-retry.js';
import { checkRanges } from '../../core/validation/option-ranges.js';
import { parseRequest } from '../../core/validation/parse.js';
import type { EmailOfferItem } from '../../models/offers.js';
import { type BulkHolderRegistry, HolderMap } from './holders.js';
import type { BulkBatchRow, BulkOptions, BulkResult, BulkRow, SendEmailBatch } from './types.js';
import type { PreparedBulkEmail } from './validate.js';

const BulkConfig = z.object({
  batchSize: z.int().check(z.gte(1, 'must be at least 1')),
  concurrency: z.int().check(z.gte(1, 'must be at least 1')),
});

type Planned = BulkBatchRow & { offer: EmailOfferItem };
/** What happened to the rows of one request. */
type Outcome = { status: 'sent' } | { status: 'failed'; inDoubt: boolean; error: AgentError } | Skipped;
type Skipped = { status: 'skipped'; error?: AgentError };

/** The scheduler of one bulk send: pulls rows as slots free up, batches, sends, retries. */
export class BulkRun {
  readonly #send: SendEmailBatch;
  readonly #bulk: PreparedBulkEmail;
  readonly #options: BulkOptions;
  readonly #config: { batchSize: number; concurrency: number };
  readonly #policy: ResolvedRetry;
  readonly #done: BulkResult[][] = [];
  /** The holders of the run: a holder's second row is refused, never sent. */
  readonly #holders: BulkHolderRegistry;
  #inflight = 0;
  #batches = 0;
  #notBefore = 0;
  #fatal: unknown;
  #closed = false;
  #wake: (() => void) | undefined;
  /**
   * Ends a wait before a retry: aborted by the caller's `signal` or `stop`, or when the consumer
   * leaves. One controller a run, woken by a listener on each signal for the length of the run: an
   * `AbortSignal.any` of the two, one a request, stays reachable from them until a finalizer runs.
   */
  readonly #waking = new AbortController();
  /** The request the rows go in, named by the AbortError of rows not sent. */
  readonly #request: RequestTarget;

  constructor(send: SendEmailBatch, bulk: PreparedBulkEmail, options: BulkOptions, request: RequestTarget) {
    this.#send = send;
    this.#request = request;
    this.#bulk = bulk;
    this.#options = options;
    this.#holders = options.holders ?? new HolderMap();
    const { batchSize = 10, concurrency = 4 } = options;
    this.#config = parseRequest(BulkConfig, { batchSize, concurrency });
    // Checked as a single call's options are, before any row: a `retry` without bounds would
    // hammer a service that answers 429, a bad `timeout` fail every row one by one.
    checkRanges({ timeout: options.timeout, retry: options.retry });
    this.#policy = resolveRetry(options.retry ?? 5);
  }

  async *results(source: Iterator<BulkRow> | AsyncIterator<BulkRow>): AsyncGenerator<BulkResult> {
    const { batchSize, concurrency } = this.#config;
    let batch: Planned[] = [];
    let position = 0;
    let exhausted = false;
    let complete = true;
    let ended = false;
    const unlisten = this.#wakeOnAbort();
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
          // A source that threw did not end: the run stops with its error.
          if (next === undefined) complete = false;
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
      // A consumer that stops early gets no more requests sent on its behalf, nor waits for a retry.
      if (!ended) {
        this.#closed = true;
        this.#waking.abort();
      }
      while (this.#inflight > 0) await this.#next();
      unlisten();
      if (!exhausted) await source.return?.();
    }
    const stop = this.#stopReason();
    if (stop !== undefined && !(exhausted && complete)) throw stop;
  }

  /** Wakes a wait before a retry once the caller's signal or `stop` aborts; gives what stops listening. */
  #wakeOnAbort(): () => void {
    const wake = () => this.#waking.abort();
    const signals = [this.#options.signal, this.#options.stop].filter((s) => s !== undefined);
    for (const s of signals) {
      if (s.aborted) wake();
      else s.addEventListener('abort', wake, { once: true });
    }
    return () => {
      for (const s of signals) s.removeEventListener('abort', wake);
    };
  }

  async #pull(source: Iterator<BulkRow> | AsyncIterator<BulkRow>) {
    try {
      return await source.next();
    } catch (error) {
      this.#fatal ??= error;
      return undefined;
    }
  }

  /** The row checked (once: a verdict of the run's own check is not checked again), and its holder. */
  #plan(input: BulkRow, position: number): Planned | BulkResult {
    const verdict = this.#bulk.check(input, position, this.#holders);
    const { row, email } = verdict;
    if (verdict.valid) return { row, email, offer: verdict.offer };
    return { row, email, status: 'failed', inDoubt: false, error: verdict.error };
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
    // Object.assign, not a second spread: V8 copies only a leading spread quickly (a row is many rows).
    const results = meta.map(({ row, email }) => Object.assign({ row, email, batch }, outcome));
    try {
      await this.#options.onBatchEnd?.(results, batch);
    } catch (error) {
      this.#fatal ??= error;
    }
    return results;
  }

  async #attempts(credentialOffer: EmailOfferItem[]): Promise<Outcome> {
    const { signal, timeout } = this.#options;
    const body = { ...this.#bulk.params, credentialOffer };
    for (let attempt = 1; ; attempt++) {
      while (Date.now() < this.#notBefore) {
        const waited = await sleep(this.#notBefore - Date.now(), this.#waking.signal).then(
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
        const delay =
          attempt <= this.#policy.limit ? bulkRetryDelay(error, attempt, this.#policy) : undefined;
        if (delay === undefined) {
          if (isFatalForBulk(error)) this.#fatal ??= error;
          return { status: 'failed', inDoubt: isInDoubt(error), error };
        }
        this.#notBefore = Math.max(this.#notBefore, Date.now() + delay);
      }
    }
  }

  #stopReason(): unknown {
    if (this.#fatal !== undefined) return this.#fatal;
    if (this.#closed) return new AbortError('The bulk send was closed by its consumer', this.#request);
    const signal = [this.#options.signal, this.#options.stop].find((s) => s?.aborted);
    const cause = signal?.reason;
    return signal ? new AbortError('The bulk send was aborted', { ...this.#request, cause }) : undefined;
  }

  #skipped(): Skipped {
    const reason = this.#stopReason();
    return { status: 'skipped', ...(reason instanceof AgentError ? { error: reason } : {}) };
  }
}

function toAgentError(error: unknown): AgentError {
  if (error instanceof AgentError) return error;
  return new AgentError(error instanceof Error ? error.message : String(error), { cause: error });
}
