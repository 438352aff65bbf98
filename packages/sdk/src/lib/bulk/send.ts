import type { RequestTarget } from '../../core/errors.js';
import type { BulkEmailParams } from '../../models/offers.js';
import { BulkRun } from './run.js';
import type { BulkOptions, BulkResult, BulkRow, SendEmailBatch } from './types.js';
import { type PreparedBulkEmail, toPrepared } from './validate.js';

/**
 * Streams rows into e-mail offer requests of `batchSize` holders, `concurrency` at a time, and
 * yields one result per row (in completion order). Rows are pulled from the source only as request
 * slots free up, so memory stays flat whatever the number of rows. Each row is validated once, by
 * `params`' check (see {@link prepareBulkEmail}; a valid verdict of that check is not checked
 * again); an invalid row is yielded `failed` with a {@link RequestValidationError} and never sent.
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
  params: BulkEmailParams | PreparedBulkEmail,
  options: BulkOptions,
  request: RequestTarget,
): AsyncGenerator<BulkResult, void, undefined> {
  const run = new BulkRun(send, toPrepared(params), options, request);
  yield* run.results(Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]());
}
