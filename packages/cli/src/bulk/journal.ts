import { type FileHandle, lstat, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UsageError } from '../errors.js';
import { cannotWrite, openForAppend, writeFully } from './files.js';
import type { JournalEntry } from './journal-entry.js';
import { endsWithNewline, type JournalRead, type JournalState, readJournal } from './journal-read.js';

export type { JournalState } from './journal-read.js';

/** What the journal must match: the run's input and the CSV's record digests and line numbers. */
export interface JournalInput {
  fingerprint: string;
  /** The fingerprint a version 1 journal of the same input holds. */
  legacyFingerprint: string;
  csv: string;
  digests: string;
  lines: readonly number[];
}

/** A journal write that did not fully reach the disk: the run stops before its next request. */
export class JournalWriteError extends Error {
  override name = 'JournalWriteError';
}

/**
 * An append-only JSON-lines journal of the requests of a bulk run. Every append is on disk
 * (fdatasync) before its promise resolves; appends arriving during a sync share the next one. After
 * a failed write nothing more is written and every append rejects: the torn line stays last.
 */
export class Journal {
  readonly #file: FileHandle;
  readonly #path: string;
  #pending: string[] = [];
  #waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  #flushing = false;
  #failed: JournalWriteError | undefined;

  private constructor(file: FileHandle, path: string) {
    this.#file = file;
    this.#path = path;
  }

  /**
   * Opens (or creates) the journal. An existing one is continued only with `resume`, only for the
   * same template, mapping and shard, and only when the CSV's earlier rows are unchanged (rows
   * appended at its end are sent too). `note` gets the warnings (damaged lines, a grown CSV).
   * @throws {@link UsageError} for a journal of other input, an existing journal without `resume`,
   * a damaged header, or a symbolic link at `path`.
   */
  static async open(
    path: string,
    input: JournalInput,
    resume: boolean,
    note: (line: string) => void,
  ): Promise<{ journal: Journal; state: JournalState }> {
    const found = await lstat(path).catch(() => undefined);
    if (found?.isSymbolicLink())
      throw new UsageError(`journal ${path} is a symbolic link, which is not followed`);
    const read = found && found.size > 0 ? await readJournal(path) : undefined;
    if (read && !resume) {
      throw new UsageError(
        `journal ${path} exists: pass --resume to continue that run, or remove the journal`,
      );
    }
    const grown = read ? checkInput(path, read, input) : undefined;
    const file = await openForAppend(path).catch((error: unknown) => {
      throw cannotWrite('journal', path, error);
    });
    const journal = new Journal(file, path);
    const state = read?.state ?? { accepted: new Set(), inDoubt: new Set(), lastBatch: 0, allInDoubt: false };
    if (!read) {
      if (found && found.size > 0) await file.truncate(0);
      const { fingerprint, csv, digests } = input;
      await journal.append({
        t: 'header',
        version: 2,
        fingerprint,
        csv,
        digests,
        created: new Date().toISOString(),
      });
      await syncDirectory(dirname(path));
      return { journal, state };
    }
    for (const line of read.damaged.slice(0, 5)) {
      note(`warning: journal ${path} is damaged at ${line}: the rows it may concern are treated as in doubt`);
    }
    if (read.damaged.length > 5)
      note(`warning: journal ${path}: ${read.damaged.length - 5} more damaged lines`);
    if (state.allInDoubt)
      note(`warning: a damaged line of ${path} names no rows: every row not sent is in doubt`);
    if (!(await endsWithNewline(path))) await journal.#writeNow('\n');
    const torn = read.tornTail === undefined ? {} : { torn: read.tornTail };
    await journal.append({ t: 'resume', at: new Date().toISOString(), pid: process.pid, ...torn });
    if (grown) {
      note(
        `note: ${input.csv} has ${grown.length / 8} more row(s) than when the journal was started: they are sent too`,
      );
      await journal.append({ t: 'grow', digests: grown });
    }
    return { journal, state };
  }

  /** Whether a journal (a non-empty file) is at `path`. */
  static async exists(path: string): Promise<boolean> {
    const found = await lstat(path).catch(() => undefined);
    return found !== undefined && (found.size > 0 || found.isSymbolicLink());
  }

  /** Appends an entry; resolves once it is on disk. */
  append(entry: JournalEntry): Promise<void> {
    if (this.#failed) return Promise.reject(this.#failed);
    this.#pending.push(`${JSON.stringify(entry)}\n`);
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      void this.#flush();
    });
  }

  async #writeNow(text: string): Promise<void> {
    try {
      await writeFully(this.#file, text);
      await this.#file.datasync();
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      this.#failed ??= new JournalWriteError(
        `journal ${this.#path} could not be written (${e.code ?? e.message}): the run stopped before its next request; rows in flight are in doubt. Free the space, then run again with --resume`,
      );
      throw this.#failed;
    }
  }

  async #flush(): Promise<void> {
    if (this.#flushing) return;
    this.#flushing = true;
    while (this.#pending.length) {
      const text = this.#pending.splice(0).join('');
      const waiters = this.#waiters.splice(0);
      try {
        if (this.#failed) throw this.#failed;
        await this.#writeNow(text);
        for (const w of waiters) w.resolve();
      } catch (error) {
        for (const w of waiters) w.reject(error);
      }
    }
    this.#flushing = false;
  }

  /** Closes the file. */
  close(): Promise<void> {
    return this.#file.close();
  }
}

/**
 * Checks that the journal is of this input; returns the digests of rows added at the CSV's end.
 * @throws {@link UsageError} naming the first changed line of the CSV.
 */
function checkInput(path: string, read: JournalRead, input: JournalInput): string {
  const { header } = read;
  if (header.version === 1 || read.digests === undefined) {
    if (header.fingerprint === input.legacyFingerprint) return '';
    throw new UsageError(
      `journal ${path} belongs to a different CSV, template, mapping or shard: remove it or pass another --journal`,
    );
  }
  if (header.fingerprint !== input.fingerprint) {
    throw new UsageError(
      `journal ${path} was started with another template, column mapping or shard: use those, or pass another --journal`,
    );
  }
  const old = read.digests;
  if (input.digests.startsWith(old)) return input.digests.slice(old.length);
  for (let i = 0; i * 8 < Math.min(old.length, input.digests.length); i++) {
    if (old.slice(i * 8, i * 8 + 8) !== input.digests.slice(i * 8, i * 8 + 8)) {
      throw new UsageError(
        `${input.csv} line ${input.lines[i]} changed since journal ${path} was started: only rows added at the end can join a run`,
      );
    }
  }
  throw new UsageError(
    `${input.csv} has ${input.lines.length} rows, fewer than the ${old.length / 8} of journal ${path}: rows were removed`,
  );
}

/** Makes a new file's directory entry durable too. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}
