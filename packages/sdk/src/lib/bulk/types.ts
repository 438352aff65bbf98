import type * as z from 'zod/mini';
import type { AgentError } from '../../core/errors.js';
import type { RetryOptions } from '../../core/retry.js';
import type { RequestOptions } from '../../core/transport/transport.js';
import type { EmailOfferItem, OfferEmailParams } from '../../models/offers.js';
import type { BulkHolderRegistry } from './holders.js';

/** One holder of a bulk send. `row` is the caller's key (e.g. a CSV line); default: 1-based position. */
export interface BulkRow {
  row?: number | string | undefined;
  offer: EmailOfferItem;
}

/** A row as the batch hooks see it. */
export interface BulkBatchRow {
  row: number | string;
  email: string;
}

/**
 * The outcome of one row, told apart by `status`. `sent`: the service accepted its request.
 * `failed`: invalid (not sent, no `batch`), or its request failed; `inDoubt` is true when that
 * request may have reached the service (5xx, timeout, connection lost after sending), so the e-mail
 * may have gone out. `skipped`: not sent because the run stopped (abort, or a fatal error such as
 * 401/403), with that error when the SDK raised it.
 */
export type BulkResult = BulkSent | BulkFailed | BulkSkipped;

/** A row whose request the service accepted. */
export interface BulkSent extends BulkBatchRow {
  status: 'sent';
  /** The 1-based number of the request that carried the row. */
  batch: number;
  inDoubt?: undefined;
  error?: undefined;
}

/** A row that was invalid (never sent) or whose request failed. */
export interface BulkFailed extends BulkBatchRow {
  status: 'failed';
  /** The request that carried the row; absent for an invalid row. */
  batch?: number | undefined;
  /** True when the request may have reached the service (the e-mail may have gone out). */
  inDoubt: boolean;
  /** Why: a {@link RequestValidationError} for an invalid row, else the request's error. */
  error: AgentError;
}

/** A row not sent because the run stopped. */
export interface BulkSkipped extends BulkBatchRow {
  status: 'skipped';
  /** The request the row was planned for, when it had been given one. */
  batch?: number | undefined;
  inDoubt?: undefined;
  /** What stopped the run, when the SDK raised it (an {@link AbortError}, a 401 …). */
  error?: AgentError | undefined;
}

/** Options of a bulk send. */
export interface BulkOptions {
  /** Holders per request; default 10 (the cap of the demo deployment). */
  batchSize?: number | undefined;
  /** Requests in flight at most; default 4. */
  concurrency?: number | undefined;
  /** Stops the run: no new request starts; requests in flight are cancelled (their rows are in doubt). */
  signal?: AbortSignal | undefined;
  /**
   * Stops the run gently: no new request starts (rows not yet sent are `skipped`), requests in
   * flight finish and report their outcome. The iterator then throws an {@link AbortError}.
   */
  stop?: AbortSignal | undefined;
  /** Retries of a request the service did not process (429, 503 + Retry-After, refused connection). Default 5. */
  retry?: RetryOptions | number | false | undefined;
  /** Timeout per request in ms; default the client's. */
  timeout?: number | false | undefined;
  /**
   * The holders seen: a row whose holder was on an earlier row is `failed` (not sent), its error
   * naming that row. Default: a new {@link BulkHolderRegistry} for the run, remembering every
   * distinct holder until the run ends.
   */
  holders?: BulkHolderRegistry | undefined;
  /** Awaited before a request is sent (e.g. to journal it); a throw stops the run, the batch is skipped. */
  onBatchStart?: ((rows: readonly BulkBatchRow[], batch: number) => void | Promise<void>) | undefined;
  /** Awaited after a request settled, before its results are yielded; a throw stops the run. */
  onBatchEnd?: ((results: readonly BulkResult[], batch: number) => void | Promise<void>) | undefined;
}

/** Sends one request of a bulk run. */
export type SendEmailBatch = (
  params: z.output<typeof OfferEmailParams>,
  options: RequestOptions,
) => Promise<unknown>;
