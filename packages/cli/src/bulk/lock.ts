import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { UsageError } from '../errors.js';
import { createExclusive, writeFully } from './files.js';

/** Who holds a lock: the process id, its start time (Linux), the host. */
interface Holder {
  pid: number;
  start: string | null;
  host: string;
}

/** The start time of a process (field 22 of `/proc/<pid>/stat`), so a reused pid is told apart. */
function startTime(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const start = startTime(holder.pid);
  return holder.start === null || start === null || start === holder.start;
}

/** The holder in the lock file; undefined when the file is gone; 'unreadable' while being written. */
async function readHolder(path: string): Promise<Holder | 'unreadable' | undefined> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string') {
      return {
        pid: value.pid,
        host: value.host,
        start: typeof value.start === 'string' ? value.start : null,
      };
    }
  } catch {}
  return 'unreadable';
}

/**
 * The lock of a journal: `<journal>.lock`, created exclusively, holding the owner's pid, start time
 * and host. A lock whose process is gone (SIGKILL, power loss) is taken over; one whose process
 * lives, or whose host is another machine (where it cannot be checked), is refused. Takeovers are
 * serialised by `<journal>.lock.takeover`, so two runs cannot both take over the same dead lock.
 */
export class JournalLock {
  readonly #path: string;

  private constructor(path: string) {
    this.#path = path;
  }

  /**
   * Takes the lock of `journal`; `note` is told when a dead run's lock is taken over.
   * @throws {@link UsageError} when a live run holds it, or it cannot be created.
   */
  static async acquire(journal: string, note: (line: string) => void): Promise<JournalLock> {
    const path = `${journal}.lock`;
    const me: Holder = { pid: process.pid, start: startTime('self'), host: hostname() };
    if (await tryCreate(path, me)) return new JournalLock(path);
    const holder = await readHolder(path);
    if (holder) refuseLive(journal, path, holder);
    // The holder is gone: take over, one process at a time.
    const guard = `${path}.takeover`;
    if (!(await tryCreate(guard, me))) {
      throw new UsageError(
        `journal ${journal} is being taken over by another run: remove ${guard} if no other run is going`,
      );
    }
    try {
      const again = await readHolder(path);
      if (again) refuseLive(journal, path, again);
      await rm(path, { force: true });
      if (!(await tryCreate(path, me))) {
        throw new UsageError(`journal ${journal} is in use by another run that started just now`);
      }
      if (holder && holder !== 'unreadable')
        note(`note: journal ${journal} was locked by process ${holder.pid}, which has stopped: continuing`);
      return new JournalLock(path);
    } finally {
      await rm(guard, { force: true });
    }
  }

  /** Removes the lock. */
  release(): Promise<void> {
    return rm(this.#path, { force: true });
  }
}

function refuseLive(journal: string, path: string, holder: Holder | 'unreadable'): void {
  if (holder === 'unreadable') {
    throw new UsageError(
      `journal ${journal} is in use by another run (its lock ${path} is being written): remove ${path} if no other run is going`,
    );
  }
  if (holder.host !== hostname()) {
    throw new UsageError(
      `journal ${journal} is locked by process ${holder.pid} on ${holder.host}, which cannot be checked from here: remove ${path} once that run has stopped`,
    );
  }
  if (isAlive(holder)) {
    throw new UsageError(
      `journal ${journal} is in use by process ${holder.pid}: wait for that run to end (or stop it), then pass --resume`,
    );
  }
}

/** Creates `path` with `holder` in it; false when it exists. */
async function tryCreate(path: string, holder: Holder): Promise<boolean> {
  let file: Awaited<ReturnType<typeof createExclusive>>;
  try {
    file = await createExclusive(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new UsageError(
      `cannot create the lock ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  try {
    await writeFully(file, JSON.stringify(holder));
    await file.sync();
  } finally {
    await file.close();
  }
  return true;
}
