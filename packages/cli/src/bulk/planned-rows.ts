import type { BulkRow } from '@credential-agent/sdk';
import type { CsvFile } from './csv-source.js';
import type { JournalState } from './journal.js';
import { buildOffer, type ColumnMapping } from './mapping.js';
import type { RowOutcome } from './outcome.js';
import { RowChecker } from './row-check.js';
import { inShard, type Shard } from './shard.js';
import type { BulkTemplate } from './template.js';

/** What decides which rows are offered for sending. */
export interface Planning {
  csv: CsvFile;
  mapping: ColumnMapping;
  template: BulkTemplate;
  shard: Shard | undefined;
  journal: JournalState | undefined;
  retryInDoubt: boolean;
  /** Receives the rows that are not sent: invalid, already sent, in doubt. */
  settle: (outcome: RowOutcome) => Promise<void>;
}

const IN_DOUBT =
  'an earlier run may have sent it (its request was in flight when that run stopped, or the journal does not say): not resent (pass --retry-in-doubt to send it again)';

/**
 * The CSV's rows of this shard as SDK bulk rows (keyed by line number), read lazily. Every row of
 * the file is checked, so duplicates are found across shards; rows with problems, rows an earlier
 * run delivered and rows in doubt go to `settle` instead.
 */
export async function* plannedRows(p: Planning): AsyncGenerator<BulkRow> {
  const checker = new RowChecker(p.csv.header, p.mapping);
  for await (const record of p.csv.records) {
    const offer = buildOffer(record.fields, p.mapping, p.template);
    const problems = checker.check(record, offer);
    if (!inShard(p.shard, record.index)) continue;
    const base = { line: record.line, email: offer.emailId };
    if (problems.length) await p.settle({ ...base, status: 'invalid', message: problems.join('; ') });
    else if (p.journal?.accepted.has(record.line)) await p.settle({ ...base, status: 'already-sent' });
    else if ((p.journal?.inDoubt.has(record.line) || p.journal?.allInDoubt) && !p.retryInDoubt) {
      await p.settle({ ...base, status: 'in-doubt', message: IN_DOUBT });
    } else yield { row: record.line, offer };
  }
}
