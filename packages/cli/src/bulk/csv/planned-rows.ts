import type { BulkHolderRegistry, BulkRow } from '@credential-agent/sdk';
import type { JournalState } from '../journal/journal.js';
import type { RowOutcome } from '../outcome.js';
import { holderId } from './holder-set.js';
import { buildOffer, type ColumnMapping } from './mapping.js';
import { RowChecker } from './row-check.js';
import { holderKey, keyText, rowKey } from './row-key.js';
import { inShard, type Shard } from './shard.js';
import type { CsvFile } from './source.js';
import type { BulkTemplate } from './template.js';

/** What decides which rows are offered for sending. */
export interface Planning {
  /** The CSV's path, for messages. */
  source: string;
  csv: CsvFile;
  mapping: ColumnMapping;
  template: BulkTemplate;
  shard: Shard | undefined;
  journal: JournalState | undefined;
  retryInDoubt: boolean;
  /** The holders named on more than one row (the first pass found them). */
  duplicates: Set<bigint>;
  /** Receives the rows that are not sent: invalid, already sent, in doubt. */
  settle: (outcome: RowOutcome) => Promise<void>;
}

const IN_DOUBT =
  'an earlier run may have sent it (its request was in flight when that run stopped, or the journal does not say): not resent (pass --retry-in-doubt to send it again)';
const CHANGED = (was: string) =>
  `changed since an earlier run ${was} this holder with other values: not sent, so the holder is not e-mailed twice (to continue, restore the row's earlier values or remove the row)`;
const STOPPED = 'not sent: the run stopped before this row (run the same command with --resume to send it)';

/** The SDK row of a CSV row: `row` is `<line> <key>`, so the journal hooks know both. */
export function rowLine(row: number | string): { line: number; key: string } {
  const [line, key] = String(row).split(' ');
  return { line: Number(line), key: key ?? '' };
}

/**
 * The rows of one pass over the CSV, checked in file order: rows with problems, rows an earlier run
 * delivered (or may have) and rows of other shards never reach the SDK. Rows are known by what
 * they are (their holder and the offer's digest), so a row an earlier run sent is recognised
 * wherever it stands now, and a row changed since is refused.
 */
export class Planner {
  readonly #p: Planning;
  readonly #checker: RowChecker;

  constructor(p: Planning) {
    this.#p = p;
    this.#checker = new RowChecker(p.source, p.csv.header, p.mapping, p.template, p.duplicates);
  }

  /** The holders seen, for the SDK's send to refuse a holder's second row as the check did. */
  get holders(): BulkHolderRegistry {
    return this.#checker;
  }

  /**
   * The rows to send, read lazily (records are pulled by hand: closing this generator leaves the
   * CSV open for {@link Planner.rest}). The others go to `settle`.
   */
  async *rows(): AsyncGenerator<BulkRow> {
    for (;;) {
      const next = await this.#p.csv.records.next();
      if (next.done) return;
      const row = await this.#plan(next.value);
      if (row) yield row;
    }
  }

  /**
   * After a run stopped: settles every row not read yet, without judging most of them (the run
   * that resumes does, and a stop must not take long: a supervisor's SIGTERM is followed by
   * SIGKILL): a row whose holder the journal names or that is on more than one row is judged (it
   * may be already sent, changed or a duplicate, and the report says so), the others are `skipped`
   * (to send on --resume), or in doubt when the journal cannot tell.
   */
  async rest(): Promise<void> {
    const p = this.#p;
    const column = p.mapping.email.column;
    const mayRetry = p.retryInDoubt;
    const { journal } = p;
    // Without a shard, an earlier run's rows or a holder on two rows, the holder decides nothing.
    const byHolder =
      p.shard || journal?.accepted.size || journal?.inDoubt.size || journal?.allInDoubt || p.duplicates.size;
    for (;;) {
      const next = await p.csv.records.next();
      if (next.done) return;
      const { line, fields } = next.value;
      const email = fields[column] ?? '';
      const key = byHolder ? holderKey(email) : undefined;
      if (key && !inShard(p.shard, key)) continue;
      const base = { line, email };
      // A holder the journal names, or on more than one row: judged as a run would (few rows), so
      // the report says what the next run will (already sent, changed, a duplicate); never sent.
      const named =
        key &&
        (journal?.accepted.has(key.holder) ||
          journal?.inDoubt.has(key.holder) ||
          p.duplicates.has(holderId(key.hi, key.lo)));
      if (named) {
        if (await this.#plan(next.value)) await p.settle({ ...base, status: 'skipped', message: STOPPED });
      } else if (key && journal?.allInDoubt && !mayRetry)
        await p.settle({ ...base, status: 'in-doubt', message: IN_DOUBT });
      else await p.settle({ ...base, status: 'skipped', message: STOPPED });
    }
  }

  async #plan(record: { line: number; index: number; fields: string[] }): Promise<BulkRow | undefined> {
    const p = this.#p;
    const offer = buildOffer(record.fields, p.mapping, p.template);
    const key = rowKey(offer);
    if (!inShard(p.shard, key)) return undefined;
    const { verdict, problems } = this.#checker.check(record, offer, `${record.line} ${keyText(key)}`);
    const base = { line: record.line, email: offer.emailId };
    const sent = p.journal?.accepted.get(key.holder);
    const doubt = p.journal?.inDoubt.get(key.holder);
    if (problems.length) await p.settle({ ...base, status: 'invalid', message: problems.join('; ') });
    else if (sent !== undefined && sent !== key.content)
      await p.settle({ ...base, status: 'invalid', message: CHANGED('e-mailed') });
    else if (sent !== undefined) await p.settle({ ...base, status: 'already-sent' });
    else if (doubt !== undefined && doubt !== key.content)
      await p.settle({ ...base, status: 'invalid', message: CHANGED('may have e-mailed') });
    else if ((doubt !== undefined || p.journal?.allInDoubt) && !p.retryInDoubt) {
      await p.settle({ ...base, status: 'in-doubt', message: IN_DOUBT });
    } else if (verdict.valid) return verdict;
    return undefined;
  }
}
