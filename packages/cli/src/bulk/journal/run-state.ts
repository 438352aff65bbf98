import { createHash } from 'node:crypto';
import { lstat, rm, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../../errors/usage-error.js';
import { printable } from '../../terminal/printable.js';
import { commonDigest, describeShard } from '../csv/prepass.js';
import { cannotWrite } from '../files.js';
import { type RowOutcome, Tally } from '../outcome.js';
import { checkJournalPath, checkOutputPaths, type NamedPath } from '../paths.js';
import { Progress } from '../progress.js';
import { jsonReport, junitReport, type ReportSink } from '../report.js';
import type { BulkRunOptions, BulkRunPorts } from '../types.js';
import { Journal, type JournalState, normaliseBaseUrl } from './journal.js';
import { JournalLock } from './lock.js';
import { privateLockDir } from './lock-dir.js';
import { anythingSent } from './read.js';
import { JournalRegistry } from './registry.js';
import { earlierRuns } from './siblings.js';

/** The journal default: next to the CSV (`<csv>.shard-i-of-n.journal.jsonl` for a shard). */
export function defaultJournal(csv: string, shard: BulkRunOptions['shard']): string {
  return shard ? `${csv}.shard-${shard.index}-of-${shard.count}.journal.jsonl` : `${csv}.journal.jsonl`;
}

/** What one run keeps while it goes: the tally, the lock and journal, the reports, the progress line. */
export class RunState {
  readonly tally = new Tally();
  journal: Journal | undefined;
  readonly #locks: JournalLock[] = [];
  /** `<journal>.lock`, held until the journal exists and is locked by its inode. */
  #nameLock: JournalLock | undefined;
  #sinks: ReportSink[] = [];
  #progress: Progress | undefined;
  /** The journal this run created (removed when the run is given up before sending). */
  #created: string | undefined;
  #registry: JournalRegistry | undefined;
  /** Reports whose writing failed, with the error: not written again, never put in place. */
  readonly #broken = new Map<ReportSink, unknown>();
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

  /** Checks the journal's path (a regular file of this user, or none), before anything is sent. */
  async checkJournal(): Promise<void> {
    if (this.#opts.dryRun || !this.#opts.target) return;
    await checkJournalPath(this.#journalPath());
  }

  /**
   * Locks and opens (or continues) the journal of a real run (a dry run has none). Three locks are
   * held while it sends: `.agent-cli-journal-<inode>.lock` next to the journal (seen from every
   * machine sharing the volume, whatever the journal is renamed to; `<journal>.lock` only until
   * then), and in the user's lock directory one keyed by the journal's device and inode and one
   * keyed by what it sends: the CSV's content (`csvDigest`), the target and shard. Then the journal
   * is registered with its `holders` (see `registry.ts`): a run whose holders overlap another
   * registered journal's for the same target is refused, unless `newRun`.
   */
  async openJournal(csvDigest: string, holders: BigUint64Array): Promise<JournalState | undefined> {
    const { dryRun, template, shard, csv, resume, target } = this.#opts;
    if (dryRun || !target) return undefined;
    const named = this.#journalPath();
    await checkJournalPath(named);
    const path = named.path;
    const note = this.#ports.err;
    this.#nameLock = await JournalLock.acquire(path, note);
    const dir = await privateLockDir(this.#ports.env);
    const exists = await Journal.exists(path);
    let file = exists ? await this.#lockFile(dir, path) : undefined;
    const baseUrl = normaliseBaseUrl(target.baseUrl);
    const shardText = describeShard(shard);
    const sends = [csvDigest, baseUrl, target.org, template.bulk.params.credentialType, shardText ?? ''];
    const key = createHash('sha256').update(JSON.stringify(sends)).digest('hex');
    const sending = {
      what: `the rows of --csv ${csv} for this target`,
      inUse: (holder: { pid: number; journal: string | null }) =>
        `another run (process ${holder.pid}, journal ${holder.journal ?? 'unknown'}) is sending the same rows as --csv ${csv} (the same content) to the same service, organisation and credential type: wait for it to end, then pass --journal ${holder.journal ?? '<its journal>'} --resume`,
    };
    this.#locks.push(await JournalLock.take(join(dir, `send-${key}.lock`), path, sending, () => {}));
    if (resume && !exists) {
      throw new UsageError(
        `--resume: journal ${path} does not exist, so there is no run to continue (if it was lost, every holder may already have been e-mailed); to start a new run deliberately, run without --resume`,
      );
    }
    if (!exists) {
      const reports = [this.#opts.report, this.#opts.junit];
      const run = {
        content: csvDigest,
        target: { baseUrl, org: target.org, credentialType: template.bulk.params.credentialType },
      };
      const newRun = this.#opts.newRun === true;
      for (const line of await earlierRuns(path, csv, shardText, reports, run, newRun)) note(line);
    }
    const journalTarget = {
      ...target,
      baseUrl,
      credentialType: template.bulk.params.credentialType,
      common: commonDigest(template.bulk.params),
    };
    const input = { csv, target: journalTarget, shard: shardText, content: csvDigest };
    const { journal, state } = await Journal.open(path, input, resume, note);
    this.journal = journal;
    if (!exists) this.#created = path;
    file ??= await this.#lockFile(dir, path);
    const now = await lstat(path, { bigint: true }).catch(() => undefined);
    if (now?.dev !== file.dev || now.ino !== file.ino) {
      throw new UsageError(
        `journal ${path} was renamed or replaced while this run opened it: make sure no other run uses it, then run again`,
      );
    }
    const registration = { path: resolve(path), ...file, target: journalTarget, shard: shardText, holders };
    const registry = await JournalRegistry.register(dir, registration);
    if (!exists) this.#registry = registry;
    if (this.#opts.newRun !== true) {
      const same = (t: { baseUrl: string; org: string; credentialType: string }) =>
        normaliseBaseUrl(t.baseUrl) === baseUrl &&
        t.org === target.org &&
        t.credentialType === template.bulk.params.credentialType;
      await registry.checkOthers(registration, same).catch(async (error: unknown) => {
        if (!anythingSent(state)) await registry.remove();
        throw error;
      });
    }
    return state;
  }

  /** Takes the lock of the journal file at `path` by its device and inode, in the lock directory `dir`. */
  async #lockFile(dir: string, path: string): Promise<{ dev: bigint; ino: bigint }> {
    const { dev, ino } = await lstat(path, { bigint: true });
    const locked = {
      what: `journal ${path}`,
      inUse: (holder: { pid: number; journal: string | null }) =>
        `journal ${path} is in use by process ${holder.pid}${holder.journal && holder.journal !== path ? ` (as ${holder.journal})` : ''}: wait for that run to end (or stop it), then pass --resume`,
    };
    this.#locks.push(await JournalLock.take(join(dir, `journal-${dev}-${ino}.lock`), path, locked, () => {}));
    // Next to the journal too, keyed by its inode (stable across machines sharing the volume, where
    // the device number is not): a renamed journal is locked for every machine that can reach it.
    // It replaces `<journal>.lock`, which only kept two runs from creating the journal at once:
    // a journal that exists is known by its inode (and a full disk has room for one lock).
    const beside = join(dirname(path), `.agent-cli-journal-${ino}.lock`);
    await this.#nameLock?.release();
    this.#nameLock = undefined;
    this.#locks.push(await JournalLock.take(beside, path, locked, () => {}));
    return { dev, ino };
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
    // A report that cannot be written (a full disk) stops being written and is reported at the
    // end; the run and its accounting go on.
    for (const sink of this.#sinks) {
      if (this.#broken.has(sink)) continue;
      await sink.add(outcome).catch((error: unknown) => {
        this.#broken.set(sink, error);
      });
    }
    this.#progress?.update(this.tally);
  };

  /** Nothing was sent: removes the reports' temporary files and the lock. */
  async discard(): Promise<void> {
    for (const sink of this.#sinks) await sink.discard().catch(() => undefined);
    await this.journal?.close();
    // A journal this run created holds only its header: nothing was sent, nothing to resume.
    if (this.#created) {
      await this.#registry?.remove().catch(() => undefined);
      await unlink(this.#created).catch(() => undefined);
    }
    await this.#release();
  }

  async #release(): Promise<void> {
    for (const lock of this.#locks.splice(0).reverse()) await lock.release();
    await this.#nameLock?.release();
    this.#nameLock = undefined;
  }

  /**
   * Ends the progress line, closes the journal, releases the lock and writes the reports.
   * @returns the first error of a report that could not be written.
   */
  async close(stopped: unknown): Promise<unknown> {
    this.#progress?.finish(this.tally);
    await this.journal?.close();
    await this.#release();
    const reason =
      stopped === undefined ? undefined : stopped instanceof Error ? stopped.message : String(stopped);
    const failures: unknown[] = [];
    for (const sink of this.#sinks) {
      const broken = this.#broken.get(sink);
      const closed = broken === undefined ? sink.close(this.tally, reason) : Promise.reject(broken);
      await closed.catch(async (error: unknown) => {
        failures.push(error);
        await sink.discard().catch(() => undefined);
      });
    }
    if (failures.length <= 1) return failures[0];
    const said = failures.map((f) => (f instanceof Error ? f.message : String(f)));
    return new UsageError(said.join('; '));
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
