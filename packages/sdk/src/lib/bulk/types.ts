import type { AgentError } from '../../core/errors.js';
import type { RetryOptions } from '../../core/retry.js';
import type { RequestOptions } from '../../core/transport.js';
import type { EmailOfferItem, OfferEmailParams } from '../../models/offers.js';

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
  /**
   * Stops the run gently: no new request starts (rows not yet sent are `skipped`), requests in
   * flight finish and report their outcome. The iterator then throws an {@link AbortError}.
   */
  stop?: AbortSignal;
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
