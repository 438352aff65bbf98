import { type FileHandle, lstat, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UsageError } from '../../errors/usage-error.js';
import { cannotWrite, openForAppend, writeFully } from '../files.js';
import type { JournalEntry, JournalTarget } from './entry.js';
import {
  anythingSent,
  emptyState,
  endsWithNewline,
  type JournalRead,
  type JournalState,
  readJournal,
} from './read.js';

export type { JournalState } from './read.js';

/** What the journal is for: the CSV it was started from (for messages) and the run's target. */
export interface JournalInput {
  csv: string;
  target: JournalTarget;
  /** `i/n` for a run of one shard. */
  shard: string | undefined;
  /** The digest of the CSV's content. */
  content: string;
}

/** A journal write that did not fully reach the disk: the run stops before its next request. */
export class JournalWriteError extends Error {
  override name = 'JournalWriteError';
}

/** A journal reachable under another name would be locked under that name too: refused. */
function refuseLinks(path: string, links: number): void {
  if (links > 1) {
    throw new UsageError(
      `journal ${path} has ${links} hard links: a run through another name would not see this one's lock, so a journal must have one name (remove the other links, or copy the file)`,
    );
  }
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
   * Opens (or creates) the journal. One that records rows that may have reached the service is
   * continued only with `resume`, and only for the same target; one that records none is continued
   * (and moved to this run's target) either way. `note` gets the warnings.
   * @throws {@link UsageError} for a journal of another target, an existing journal without
   * `resume`, a journal of an older version, a damaged header, a symbolic link or a hard link.
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
    if (found) refuseLinks(path, found.nlink);
    const read = found && found.size > 0 ? await readJournal(path) : undefined;
    if (read) checkJournal(path, read, input, resume, note);
    const file = await openForAppend(path).catch((error: unknown) => {
      throw cannotWrite('journal', path, error);
    });
    const journal = new Journal(file, path);
    try {
      refuseLinks(path, (await file.stat()).nlink);
    } catch (error) {
      await file.close();
      throw error;
    }
    if (!read) {
      if (found && found.size > 0) await file.truncate(0);
      const { csv, target, shard, content } = input;
      const created = new Date().toISOString();
      const header = {
        t: 'header',
        version: 3,
        csv,
        target,
        ...(shard ? { shard } : {}),
        content,
        created,
      } as const;
      await journal.append(header);
      await syncDirectory(dirname(path));
      return { journal, state: emptyState() };
    }
    const { state } = read;
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
    if (differences(read.target, input.target).length)
      await journal.append({ t: 'target', target: input.target });
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
 * A service's base URL as one spelling: host in lower case, no default port, no trailing `/` (what
 * `new URL()` gives, less the slash); a URL that does not parse is kept as it is.
 */
export function normaliseBaseUrl(url: string): string {
  try {
    return new URL(url).href.replace(/\/+$/, '');
  } catch {
    return url;
  }
}

/** `the service https://a (here: https://b)`: how the journal's target differs from the run's. */
function differences(recorded: JournalTarget | undefined, now: JournalTarget): string[] {
  if (!recorded) return ['the service (the journal does not name one)'];
  // Journals written before base URLs were normalised may record another spelling of the same one.
  const was = { ...recorded, baseUrl: normaliseBaseUrl(recorded.baseUrl) };
  const names: [keyof JournalTarget, string][] = [
    ['baseUrl', 'the service'],
    ['org', 'the organisation'],
    ['credentialType', 'the credential type'],
  ];
  const found = names
    .filter(([k]) => was[k] !== now[k])
    .map(([k, name]) => `${name} ${was[k]} (this run: ${now[k]})`);
  if (was.common !== now.common)
    found.push('the common fields of the offer (credential definition, comment, protocol version)');
  return found;
}

/**
 * Checks that an existing journal may be continued by this run.
 * @throws {@link UsageError} naming what differs or what to pass.
 */
function checkJournal(
  path: string,
  read: JournalRead,
  input: JournalInput,
  resume: boolean,
  note: (line: string) => void,
): void {
  if (read.header.version < 3) {
    throw new UsageError(
      `journal ${path} was written by an older agent-cli (rows known by line number): finish that run with the version that started it, or pass another --journal`,
    );
  }
  if ((read.header.shard ?? undefined) !== input.shard) {
    const layout = (shard: string | undefined) => (shard ? `--shard ${shard}` : 'the whole CSV');
    throw new UsageError(
      `journal ${path} is of ${layout(read.header.shard)} (this run: ${layout(input.shard)}): a shard layout is part of a run, so pass ${read.header.shard ? `--shard ${read.header.shard}` : 'no --shard'} to continue it; a run of another layout would e-mail its holders again`,
    );
  }
  const sent = anythingSent(read.state);
  if (!resume && sent) {
    throw new UsageError(`journal ${path} exists: pass --resume to continue that run, or remove the journal`);
  }
  const diff = differences(read.target, input.target);
  if (diff.length && sent) {
    throw new UsageError(
      `journal ${path} is for another target: ${diff.join('; ')}. Its rows were sent there: to continue that run, pass the target it names; a new --journal for this target would e-mail every holder of ${path} again if this is the same service`,
    );
  }
  if (diff.length)
    note(
      `note: journal ${path} records no row that reached ${read.target?.baseUrl ?? 'a service'}: it now follows this run's target`,
    );
  else if (!resume) note(`note: journal ${path} records no row that reached the service: continuing it`);
}

/** Makes a new file's directory entry durable too. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}
