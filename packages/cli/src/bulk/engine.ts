import type { BulkOptions, BulkResult, BulkRow, Offers } from '@credential-agent/sdk';
import { isAgentError, RequestValidationError } from '@credential-agent/sdk';
import { openCsv } from './csv-source.js';
import { recordsInShard, runFingerprint, scanCsv } from './fingerprint.js';
import { Journal, type JournalState } from './journal.js';
import { type MappingOptions, resolveMapping } from './mapping.js';
import type { RowOutcome } from './outcome.js';
import { Tally } from './outcome.js';
import { plannedRows } from './planned-rows.js';
import { Progress } from './progress.js';
import { jsonReport, junitReport, type ReportSink } from './report.js';
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

/** The default journal next to the CSV. */
export function defaultJournal(csv: string, shard: Shard | undefined): string {
  return shard ? `${csv}.shard-${shard.index}-of-${shard.count}.journal.jsonl` : `${csv}.journal.jsonl`;
}

/**
 * Runs a bulk e-mail offer from a CSV (or only checks it with `dryRun`) and returns the tally; the
 * caller turns it into the exit code. Fatal errors (401, 403, abort) are rethrown after the
 * journal and the reports are closed.
 * @throws {@link UsageError} for an unknown column, an unusable journal or an unreadable file.
 */
export async function runBulk(opts: BulkRunOptions, ports: BulkRunPorts): Promise<Tally> {
  const csv = await openCsv(opts.csv);
  const sinks: ReportSink[] = [];
  const tally = new Tally();
  let journal: Journal | undefined;
  let stopped: string | undefined;
  try {
    const mapping = resolveMapping(csv.header, opts.template.common.credentialType, opts.mapping);
    const scan = await scanCsv(opts.csv);
    let state: JournalState | undefined;
    if (!opts.dryRun) {
      const path = opts.journal ?? defaultJournal(opts.csv, opts.shard);
      const fingerprint = runFingerprint(scan, opts.template, mapping, opts.shard);
      ({ journal, state } = await Journal.open(path, { fingerprint, csv: opts.csv }, opts.resume));
    }
    if (opts.report) sinks.push(jsonReport(opts.report));
    if (opts.junit) sinks.push(junitReport(opts.junit));
    const progress = new Progress({
      write: ports.progress.write,
      tty: ports.progress.tty,
      total: recordsInShard(scan.records, opts.shard),
      ...(ports.now ? { now: ports.now } : {}),
    });
    const settle = async (outcome: RowOutcome) => {
      tally.add(outcome);
      if (outcome.message && outcome.status !== 'skipped') {
        ports.err(
          `line ${outcome.line}${outcome.email ? ` (${outcome.email})` : ''}: ${outcome.status}: ${outcome.message}`,
        );
      }
      for (const sink of sinks) await sink.add(outcome);
      progress.update(tally);
    };
    const planning = {
      csv,
      mapping,
      template: opts.template,
      shard: opts.shard,
      retryInDoubt: opts.retryInDoubt,
    };
    const rows = plannedRows({ ...planning, journal: state, settle });
    try {
      if (opts.dryRun || !ports.offers || !journal) await checkOnly(rows, settle);
      else await send(rows, opts, await ports.offers(), journal, state?.lastBatch ?? 0, settle, ports.signal);
    } catch (error) {
      stopped = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      progress.finish(tally);
    }
    return tally;
  } finally {
    csv.close();
    await journal?.close();
    for (const sink of sinks) await sink.close(tally, stopped);
  }
}

async function checkOnly(rows: AsyncIterable<BulkRow>, settle: (o: RowOutcome) => Promise<void>) {
  for await (const row of rows) {
    await settle({ line: Number(row.row), email: row.offer.emailId, status: 'valid' });
  }
}

async function send(
  rows: AsyncIterable<BulkRow>,
  opts: BulkRunOptions,
  offers: Pick<Offers, 'sendByEmailBulk'>,
  journal: Journal,
  offset: number,
  settle: (o: RowOutcome) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<void> {
  const lines = (list: readonly { row: number | string }[]) => list.map((r) => Number(r.row));
  const options: BulkOptions = {
    batchSize: opts.batchSize,
    concurrency: opts.concurrency,
    ...(signal ? { signal } : {}),
    onBatchStart: (batch, n) => journal.append({ t: 'start', batch: n + offset, rows: lines(batch) }),
    onBatchEnd: (results, n) => {
      const first = results[0];
      const ok = first?.status === 'sent';
      const failure = ok
        ? {}
        : { inDoubt: first?.inDoubt === true, error: first?.error?.message ?? first?.status ?? 'failed' };
      return journal.append({ t: 'done', batch: n + offset, rows: lines(results), ok, ...failure });
    },
  };
  for await (const result of offers.sendByEmailBulk(rows, opts.template.common, options)) {
    await settle(toOutcome(result));
  }
}

function toOutcome(r: BulkResult): RowOutcome {
  const base = { line: Number(r.row), email: r.email, batch: r.batch, message: r.error?.message };
  if (r.status === 'sent') return { ...base, status: 'sent', message: undefined };
  if (r.status === 'skipped') return { ...base, status: 'skipped' };
  if (r.error instanceof RequestValidationError) return { ...base, status: 'invalid' };
  if (r.inDoubt) {
    const message = `${r.error?.message ?? 'failed'} (the request may have reached the service; not resent)`;
    return { ...base, status: 'in-doubt', message };
  }
  return { ...base, status: 'failed', message: isAgentError(r.error) ? r.error.message : 'failed' };
}
