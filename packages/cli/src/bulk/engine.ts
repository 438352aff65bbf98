import type { Offers } from '@credential-agent/sdk';
import { openCsv } from './csv-source.js';
import { recordsInShard, scanCsv } from './fingerprint.js';
import { type MappingOptions, resolveMapping } from './mapping.js';
import type { Tally } from './outcome.js';
import { plannedRows } from './planned-rows.js';
import { checkRows, sendRows } from './send.js';
import { Session } from './session.js';
import type { Shard } from './shard.js';
import type { BulkTemplate } from './template.js';

/** What a bulk run is told. Paths are as given (relative to the working directory). */
export interface BulkRunOptions {
  csv: string;
  template: BulkTemplate;
  mapping: MappingOptions;
  batchSize: number;
  concurrency: number;
  dryRun: boolean;
  /** Default: `<csv>.journal.jsonl` (`<csv>.shard-i-of-n.journal.jsonl` with a shard). */
  journal?: string | undefined;
  resume: boolean;
  retryInDoubt: boolean;
  report?: string | undefined;
  junit?: string | undefined;
  shard?: Shard | undefined;
}

/** What a bulk run uses from outside: the SDK's offers (not for a dry run) and stderr. */
export interface BulkRunPorts {
  offers: (() => Promise<Pick<Offers, 'sendByEmailBulk'>>) | undefined;
  /** A line of chatter on stderr (row problems). */
  err: (line: string) => void;
  /** Raw stderr, for the progress display. */
  progress: { write: (text: string) => void; tty: boolean };
  signal?: AbortSignal | undefined;
  now?: () => number;
}

/**
 * Runs a bulk e-mail offer from a CSV (or only checks it with `dryRun`) and returns the tally; the
 * caller turns it into the exit code. Fatal errors (401, 403, abort) are rethrown after the
 * journal and the reports are closed.
 * @throws {@link UsageError} for an unknown column, an unusable journal or an unreadable file.
 */
export async function runBulk(opts: BulkRunOptions, ports: BulkRunPorts): Promise<Tally> {
  const csv = await openCsv(opts.csv);
  const session = new Session(opts, ports);
  try {
    const mapping = resolveMapping(csv.header, opts.template.common.credentialType, opts.mapping);
    const scan = await scanCsv(opts.csv);
    const state = await session.openJournal(scan, mapping);
    session.start(recordsInShard(scan.records, opts.shard));
    const { template, shard, retryInDoubt } = opts;
    const settle = session.settle;
    const rows = plannedRows({ csv, mapping, template, shard, retryInDoubt, journal: state, settle });
    const journal = session.journal;
    try {
      if (!journal || !ports.offers) await checkRows(rows, settle);
      else {
        const offset = state?.lastBatch ?? 0;
        const plan = { ...opts, common: template.common, journal, offset, settle, signal: ports.signal };
        await sendRows(rows, await ports.offers(), plan);
      }
    } catch (error) {
      session.stop(error);
      throw error;
    }
    return session.tally;
  } finally {
    csv.close();
    await session.close();
  }
}

export { defaultJournal } from './session.js';
