import { ExitCode } from '../errors/exit-codes.js';

/**
 * What happened to one CSV row. `already-sent`: accepted in an earlier run of the journal.
 * `invalid`: refused before sending. `failed`: its request was refused (safe to send again).
 * `valid`: passed the checks of a dry run.
 * `in-doubt`: its request may have reached the service (it failed after sending, or a run died
 * while it was in flight); not resent without `--retry-in-doubt`. `skipped`: the run stopped first.
 */
export type RowStatus = 'sent' | 'already-sent' | 'valid' | 'invalid' | 'failed' | 'in-doubt' | 'skipped';

export const ROW_STATUSES: readonly RowStatus[] = [
  'sent',
  'already-sent',
  'valid',
  'invalid',
  'failed',
  'in-doubt',
  'skipped',
];

/** One row's outcome, as the reports show it. */
export interface RowOutcome {
  line: number;
  email: string;
  status: RowStatus;
  batch?: number | undefined;
  message?: string | undefined;
}

/** Counts of outcomes by status. */
export class Tally {
  readonly counts: Record<RowStatus, number> = {
    sent: 0,
    'already-sent': 0,
    valid: 0,
    invalid: 0,
    failed: 0,
    'in-doubt': 0,
    skipped: 0,
  };

  add(outcome: RowOutcome): void {
    this.counts[outcome.status]++;
  }

  /** Rows handled so far. */
  get total(): number {
    return ROW_STATUSES.reduce((sum, s) => sum + this.counts[s], 0);
  }

  /** Rows the service has accepted, in this run or an earlier one (in a dry run: the valid rows). */
  get delivered(): number {
    return this.counts.sent + this.counts['already-sent'] + this.counts.valid;
  }

  /** Rows that did not go out. */
  get problems(): number {
    return this.total - this.delivered;
  }

  /** 0 when every row went out, 3 when some did, 1 when none did (an empty CSV is 0). */
  exitCode(): ExitCode {
    if (this.problems === 0) return ExitCode.Ok;
    return this.delivered > 0 ? ExitCode.PartialSuccess : ExitCode.Failure;
  }

  /** `sent 8, already sent 1, invalid 1`: the non-zero counts. */
  describe(): string {
    const parts = ROW_STATUSES.filter((s) => this.counts[s] > 0).map(
      (s) => `${s.replace('-', ' ')} ${this.counts[s]}`,
    );
    return parts.length ? parts.join(', ') : 'no rows';
  }
}
