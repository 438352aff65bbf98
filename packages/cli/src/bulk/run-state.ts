import { rm } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { printable } from '../printable.js';
import { cannotWrite } from './files.js';
import { Journal, type JournalState } from './journal.js';
import { JournalLock } from './lock.js';
import { type RowOutcome, Tally } from './outcome.js';
import { checkJournalPath, checkOutputPaths, type NamedPath } from './paths.js';
import { commonDigest, describeShard } from './prepass.js';
import { Progress } from './progress.js';
import { jsonReport, junitReport, type ReportSink } from './report.js';
import { earlierRuns } from './siblings.js';
import type { BulkRunOptions, BulkRunPorts } from './types.js';

/** The journal default: next to the CSV (`<csv>.shard-i-of-n.journal.jsonl` for a shard). */
export function defaultJournal(csv: string, shard: BulkRunOptions['shard']): string {
  return shard ? `${csv}.shard-${shard.index}-of-${shard.count}.journal.jsonl` : `${csv}.journal.jsonl`;
}

/** What one run keeps while it goes: the tally, the lock and journal, the reports, the progress line. */
export class RunState {
  readonly tally = new Tally();
  journal: Journal | undefined;
  #lock: JournalLock | undefined;
  #sinks: ReportSink[] = [];
  #progress: Progress | undefined;
  readonly #opts: BulkRunOptions;
  readonly #ports: BulkRunPorts;

  constructor(opts: BulkRunOptions, ports: BulkRunPorts) {
    this.#opts = opts;
    this.#ports = ports;
  }

  /** The journal's path and how messages name it. */
  #journalPath(): NamedPath {
    const { journal, csv, shard } = this.#opts;
    return journal === undefined
      ? { what: 'the journal', path: defaultJournal(csv, shard) }
      : { what: '--journal', path: journal };
  }

  /**
   * Checks the report paths and creates the reports' temporary files now, so an unusable path fails
   * before anything is sent.
   */
  async openReports(): Promise<void> {
    const { report, junit, csv } = this.#opts;
    const journal = this.#journalPath();
    const lock = `${journal.path}.lock`;
    await checkOutputPaths(
      [
        ...(report === undefined ? [] : [{ what: '--report', path: report }]),
        ...(junit === undefined ? [] : [{ what: '--junit', path: junit }]),
      ],
      [
        { what: '--csv', path: csv },
        journal,
        { what: 'the lock', path: lock },
        { what: 'the lock', path: `${lock}.takeover` },
      ],
    );
    if (report !== undefined) this.#sinks.push(naming(await jsonReport(report), '--report', report));
    if (junit !== undefined) this.#sinks.push(naming(await junitReport(junit), '--junit', junit));
  }

  /** Locks and opens (or continues) the journal of a real run; a dry run has none. */
  async openJournal(): Promise<JournalState | undefined> {
    const { dryRun, template, shard, csv, resume, target } = this.#opts;
    if (dryRun || !target) return undefined;
    const named = this.#journalPath();
    await checkJournalPath(named);
    const path = named.path;
    const note = this.#ports.err;
    this.#lock = await JournalLock.acquire(path, note);
    const exists = await Journal.exists(path);
    if (resume && !exists) {
      throw new UsageError(
        `--resume: journal ${path} does not exist, so there is no run to continue (if it was lost, every holder may already have been e-mailed); to start a new run deliberately, run without --resume`,
      );
    }
    const shardText = describeShard(shard);
    if (!exists) {
      const reports = [this.#opts.report, this.#opts.junit];
      for (const line of await earlierRuns(path, csv, shardText, reports)) note(line);
    }
    const journalTarget = {
      ...target,
      credentialType: template.common.credentialType,
      common: commonDigest(template.common),
    };
    const input = { csv, target: journalTarget, shard: shardText };
    const { journal, state } = await Journal.open(path, input, resume, note);
    this.journal = journal;
    return state;
  }

  /**
   * Removes the reports of an earlier run once this one is about to send (every check passed): a
   * run killed before its end must not leave them looking current. Its own are renamed into place
   * when it ends.
   */
  async retireOldReports(): Promise<void> {
    for (const path of [this.#opts.report, this.#opts.junit]) {
      if (path !== undefined) await rm(path, { force: true });
    }
  }

  /** Starts the progress display over `total` expected rows. */
  start(total: number): void {
    const { write, tty } = this.#ports.progress;
    const now = this.#ports.now;
    this.#progress = new Progress({ write, tty, total, dryRun: this.#opts.dryRun, ...(now ? { now } : {}) });
  }

  /** Counts one row's outcome, reports its problem on stderr, and hands it to the reports. */
  readonly settle = async (outcome: RowOutcome): Promise<void> => {
    this.tally.add(outcome);
    if (outcome.message && outcome.status !== 'skipped') {
      // CSV cells and server messages are data: no control character reaches the terminal.
      const who = outcome.email ? ` (${printable(outcome.email)})` : '';
      this.#progress?.clear();
      this.#ports.err(`line ${outcome.line}${who}: ${outcome.status}: ${printable(outcome.message)}`);
    }
    for (const sink of this.#sinks) await sink.add(outcome);
    this.#progress?.update(this.tally);
  };

  /** Nothing was sent: removes the reports' temporary files and the lock. */
  async discard(): Promise<void> {
    for (const sink of this.#sinks) await sink.discard().catch(() => undefined);
    await this.journal?.close();
    await this.#lock?.release();
  }

  /**
   * Ends the progress line, closes the journal, releases the lock and writes the reports.
   * @returns the first error of a report that could not be written.
   */
  async close(stopped: unknown): Promise<unknown> {
    this.#progress?.finish(this.tally);
    await this.journal?.close();
    await this.#lock?.release();
    const reason =
      stopped === undefined ? undefined : stopped instanceof Error ? stopped.message : String(stopped);
    let failure: unknown;
    for (const sink of this.#sinks) {
      await sink.close(this.tally, reason).catch(async (error: unknown) => {
        failure ??= error;
        await sink.discard().catch(() => undefined);
      });
    }
    return failure;
  }
}

/** `sink` whose write errors name the flag and the path the user gave. */
function naming(sink: ReportSink, what: string, path: string): ReportSink {
  const named = (error: unknown) => {
    throw cannotWrite(what, path, error);
  };
  return {
    add: (outcome) => sink.add(outcome).catch(named),
    close: (tally, stopped) => sink.close(tally, stopped).catch(named),
    discard: () => sink.discard(),
  };
}
