import type { BulkRunOptions, BulkRunPorts } from './engine.js';
import type { CsvScan } from './fingerprint.js';
import { runFingerprint } from './fingerprint.js';
import { Journal, type JournalState } from './journal.js';
import type { ColumnMapping } from './mapping.js';
import { type RowOutcome, Tally } from './outcome.js';
import { Progress } from './progress.js';
import { jsonReport, junitReport, type ReportSink } from './report.js';

/** The journal default: next to the CSV (`<csv>.shard-i-of-n.journal.jsonl` for a shard). */
export function defaultJournal(csv: string, shard: BulkRunOptions['shard']): string {
  return shard ? `${csv}.shard-${shard.index}-of-${shard.count}.journal.jsonl` : `${csv}.journal.jsonl`;
}

/** What one run keeps while it goes: the tally, the journal, the reports and the progress line. */
export class Session {
  readonly tally = new Tally();
  journal: Journal | undefined;
  #sinks: ReportSink[] = [];
  #progress: Progress | undefined;
  #stopped: string | undefined;
  readonly #opts: BulkRunOptions;
  readonly #ports: BulkRunPorts;

  constructor(opts: BulkRunOptions, ports: BulkRunPorts) {
    this.#opts = opts;
    this.#ports = ports;
  }

  /** Opens (or continues) the journal of a real run; a dry run has none. */
  async openJournal(scan: CsvScan, mapping: ColumnMapping): Promise<JournalState | undefined> {
    const opts = this.#opts;
    if (opts.dryRun) return undefined;
    const path = opts.journal ?? defaultJournal(opts.csv, opts.shard);
    const fingerprint = runFingerprint(scan, opts.template, mapping, opts.shard);
    const { journal, state } = await Journal.open(path, { fingerprint, csv: opts.csv }, opts.resume);
    this.journal = journal;
    return state;
  }

  /** Starts the reports and the progress display over `total` expected rows. */
  start(total: number): void {
    if (this.#opts.report) this.#sinks.push(jsonReport(this.#opts.report));
    if (this.#opts.junit) this.#sinks.push(junitReport(this.#opts.junit));
    const { write, tty } = this.#ports.progress;
    this.#progress = new Progress({
      write,
      tty,
      total,
      ...(this.#ports.now ? { now: this.#ports.now } : {}),
    });
  }

  /** Counts one row's outcome, reports its problem on stderr, and hands it to the reports. */
  readonly settle = async (outcome: RowOutcome): Promise<void> => {
    this.tally.add(outcome);
    if (outcome.message && outcome.status !== 'skipped') {
      const who = outcome.email ? ` (${outcome.email})` : '';
      this.#ports.err(`line ${outcome.line}${who}: ${outcome.status}: ${outcome.message}`);
    }
    for (const sink of this.#sinks) await sink.add(outcome);
    this.#progress?.update(this.tally);
  };

  /** Records why the run stopped early (it goes into the JSON report). */
  stop(error: unknown): void {
    this.#stopped = error instanceof Error ? error.message : String(error);
  }

  /** Ends the progress line, closes the journal and writes the reports' summaries. */
  async close(): Promise<void> {
    this.#progress?.finish(this.tally);
    await this.journal?.close();
    for (const sink of this.#sinks) await sink.close(this.tally, this.#stopped);
  }
}
