import {
  type BulkHolderRegistry,
  type BulkOptions,
  type BulkResult,
  type BulkRow,
  isAgentError,
  type Offers,
  RequestValidationError,
} from '@credential-agent/sdk';
import { Cancelled } from '../errors/cancelled.js';
import { rowLine } from './csv/planned-rows.js';
import type { Journal } from './journal/journal.js';
import type { RowOutcome } from './outcome.js';

/** How rows are sent: batching, the journal and where outcomes go. */
export interface SendPlan {
  batchSize: number;
  concurrency: number;
  common: Parameters<Offers['sendByEmailBulk']>[1];
  journal: Journal;
  /** The last batch number of earlier runs; this run's batches follow it. */
  offset: number;
  settle: (outcome: RowOutcome) => Promise<void>;
  /** Ctrl-C: no new request starts; requests in flight finish. */
  stop: AbortSignal | undefined;
  /** A second Ctrl-C: requests in flight are cancelled (their rows are in doubt). */
  cancel?: AbortSignal | undefined;
  /** The holders the check saw: the SDK refuses a holder's second row by them. */
  holders?: BulkHolderRegistry | undefined;
  /** The run's secrets scrubbed from an error's words (the SDK scrubs only those it knows). */
  scrub?: ((text: string) => string) | undefined;
}

const lines = (list: readonly { row: number | string }[]) => list.map((r) => rowLine(r.row).line);
const keys = (list: readonly { row: number | string }[]) => list.map((r) => rowLine(r.row).key);

/**
 * Sends the rows through the SDK's bulk helper. Each request is journalled (on disk) before it is
 * sent and after it settled, so a later `--resume` knows what went out and what is in doubt.
 */
export async function sendRows(
  rows: AsyncIterable<BulkRow>,
  offers: Pick<Offers, 'sendByEmailBulk'>,
  plan: SendPlan,
): Promise<void> {
  const { journal, offset } = plan;
  // A batch's rows share one error: its words are scrubbed once, not once a row.
  let last: { text: string; scrubbed: string } | undefined;
  const scrub = (text: string) => {
    if (last?.text !== text) last = { text, scrubbed: plan.scrub ? plan.scrub(text) : text };
    return last.scrubbed;
  };
  const options: BulkOptions = {
    batchSize: plan.batchSize,
    concurrency: plan.concurrency,
    ...(plan.stop ? { stop: plan.stop } : {}),
    ...(plan.cancel ? { signal: plan.cancel } : {}),
    ...(plan.holders ? { holders: plan.holders } : {}),
    onBatchStart: (batch, n) =>
      journal.append({ t: 'start', batch: n + offset, rows: lines(batch), keys: keys(batch) }),
    onBatchEnd: (results, n) => {
      const first = results[0];
      const ok = first?.status === 'sent';
      // Only a failed batch has words to scrub (a sent one costs nothing on the hot path).
      const failure = ok
        ? {}
        : {
            inDoubt: first?.inDoubt === true,
            error: scrub(first?.error?.message ?? first?.status ?? 'failed'),
          };
      return journal.append({
        t: 'done',
        batch: n + offset,
        rows: lines(results),
        keys: keys(results),
        ok,
        ...failure,
      });
    },
  };
  for await (const result of offers.sendByEmailBulk(rows, plan.common, options)) {
    await plan.settle(toOutcome(result, scrub));
  }
}

/** A dry run: every row that passed the checks is `valid`. */
export async function checkRows(
  rows: AsyncIterable<BulkRow>,
  settle: SendPlan['settle'],
  stop?: AbortSignal | undefined,
): Promise<void> {
  for await (const row of rows) {
    if (stop?.aborted) throw new Cancelled('the dry run was cancelled', { cause: stop.reason });
    await settle({ line: rowLine(row.row ?? 0).line, email: row.offer.emailId, status: 'valid' });
  }
}

function toOutcome(r: BulkResult, scrub: (text: string) => string): RowOutcome {
  const said = r.error?.message === undefined ? undefined : scrub(r.error.message);
  const base = { line: rowLine(r.row).line, email: r.email, batch: r.batch, message: said };
  if (r.status === 'sent') return { ...base, status: 'sent', message: undefined };
  if (r.status === 'skipped') return { ...base, status: 'skipped' };
  if (r.error instanceof RequestValidationError) return { ...base, status: 'invalid' };
  if (r.inDoubt) {
    const message = `${said ?? 'failed'} (the request may have reached the service; not resent)`;
    return { ...base, status: 'in-doubt', message };
  }
  return { ...base, status: 'failed', message: isAgentError(r.error) ? said : 'failed' };
}
