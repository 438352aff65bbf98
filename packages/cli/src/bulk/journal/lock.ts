import { rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { UsageError } from '../../errors/usage-error.js';
import { createExclusive, readSmallFile, writeFully } from '../files.js';
import { bootId, firstLine, machineId, pidNamespace, processAlive, startTime } from './process-id.js';

/**
 * Who holds a lock: the process (pid and start time) and where it runs, precisely enough to tell a
 * live holder on another machine or container with the same host name from a dead one here: the
 * machine id, the boot id and the pid namespace (Linux; null where unknown).
 */
interface Holder {
  pid: number;
  start: string | null;
  host: string;
  machine: string | null;
  boot: string | null;
  pidns: string | null;
  /** The journal of the holder's run (locks of older agent-cli versions do not say). */
  journal?: string | null;
}

/** What a lock protects, for messages: `journal <path>`, and the refusal while a live run here holds it. */
export interface Locked {
  what: string;
  inUse(holder: { pid: number; journal: string | null }): string;
}

/** This process as a lock holder, running with `journal`. */
function me(journal: string): Holder {
  return {
    journal,
    pid: process.pid,
    start: startTime('self'),
    host: hostname(),
    machine: machineId(),
    boot: bootId(),
    pidns: pidNamespace(),
  };
}

/**
 * Where the holder runs, seen from here: 'here' (its pid can be checked), 'rebooted' (this machine
 * booted since: it is gone), or why it cannot be checked.
 */
function placeOf(holder: Holder, self: Holder): 'here' | 'rebooted' | string {
  const elsewhere = `on another machine (${holder.host})`;
  if (holder.machine && self.machine && holder.machine !== self.machine) return elsewhere;
  if (!holder.boot || !self.boot || !holder.pidns || !self.pidns) {
    // Not Linux, or a lock of an older agent-cli: the host name is all there is, and it is not enough.
    return `${elsewhere} or one whose lock does not say which machine it is`;
  }
  if (holder.boot !== self.boot) {
    return holder.machine && holder.machine === self.machine ? 'rebooted' : elsewhere;
  }
  if (holder.pidns !== self.pidns) return `in another container on this machine (${holder.host})`;
  return 'here';
}

const isAlive = (holder: Holder): boolean => processAlive(holder.pid, holder.start);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The holder in the lock file; undefined when the file is gone; 'unreadable' while being written. */
async function readHolder(path: string): Promise<Holder | 'unreadable' | undefined> {
  const content = await readSmallFile(path, 'the lock').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (content === undefined) return undefined;
  try {
    const value = JSON.parse(content) as Record<string, unknown>;
    if (typeof value['pid'] === 'number' && typeof value['host'] === 'string') {
      return {
        pid: value['pid'],
        host: value['host'],
        start: text(value['start']),
        machine: text(value['machine']),
        boot: text(value['boot']),
        pidns: text(value['pidns']),
        journal: text(value['journal']),
      };
    }
  } catch {}
  return 'unreadable';
}

/**
 * A lock: a file created exclusively, holding the owner's pid, start time, host and journal. The
 * lock of a journal is `<journal>.lock`; a run also holds locks in the user's lock directory keyed
 * by its journal's device and inode and by what it sends (see `run-state.ts`). A lock whose process
 * is gone (SIGKILL, power loss) is taken over; one whose process lives, or whose host is another
 * machine (where it cannot be checked), is refused. Takeovers are serialised by `<lock>.takeover`,
 * so two runs cannot both take over the same dead lock.
 */
export class JournalLock {
  readonly #path: string;
  readonly #heartbeat: NodeJS.Timeout;

  private constructor(path: string) {
    this.#path = path;
    // A live holder refreshes its lock, so a run that cannot check its pid (another boot) can tell.
    this.#heartbeat = setInterval(() => {
      const now = new Date();
      utimes(path, now, now).catch(() => undefined);
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /**
   * Takes the lock of `journal` (`<journal>.lock`); `note` is told when a dead run's lock is taken over.
   * @throws {@link UsageError} when a live run holds it, or it cannot be created.
   */
  static acquire(journal: string, note: (line: string) => void): Promise<JournalLock> {
    const locked: Locked = {
      what: `journal ${journal}`,
      inUse: (holder) =>
        `journal ${journal} is in use by process ${holder.pid}: wait for that run to end (or stop it), then pass --resume`,
    };
    return JournalLock.take(`${journal}.lock`, journal, locked, note);
  }

  /**
   * Takes the lock file `path` for a run with `journal`; `note` is told when a dead run's lock is
   * taken over.
   * @throws {@link UsageError} when a live run holds it, or it cannot be created.
   */
  static async take(
    path: string,
    journal: string,
    locked: Locked,
    note: (line: string) => void,
  ): Promise<JournalLock> {
    const self = me(journal);
    if (await tryCreate(path, self)) return new JournalLock(path);
    const holder = await readHolder(path);
    if (holder) await refuseLive(locked, path, holder, self);
    // The holder is gone: take over, one process at a time.
    const guard = `${path}.takeover`;
    if (!(await tryCreate(guard, self))) {
      // A guard whose maker is provably dead (killed during its takeover) is stale: taken once more.
      const maker = await readHolder(guard);
      const stale = maker !== undefined && maker !== 'unreadable' && provablyDead(maker, self);
      if (stale) await rm(guard, { force: true });
      if (!(stale || maker === undefined) || !(await tryCreate(guard, self))) {
        const who = maker && maker !== 'unreadable' ? ` (process ${maker.pid})` : '';
        throw new UsageError(
          `${locked.what} is being taken over by another run${who}: wait a moment, then run the same command again`,
        );
      }
    }
    try {
      const again = await readHolder(path);
      if (again) await refuseLive(locked, path, again, self);
      await rm(path, { force: true });
      if (!(await tryCreate(path, self))) {
        throw new UsageError(`${locked.what} is in use by another run that started just now`);
      }
      if (holder && holder !== 'unreadable')
        note(`note: ${locked.what} was locked by process ${holder.pid}, which has stopped: continuing`);
      return new JournalLock(path);
    } finally {
      await rm(guard, { force: true });
    }
  }

  /** Removes the lock. */
  release(): Promise<void> {
    clearInterval(this.#heartbeat);
    return rm(this.#path, { force: true });
  }
}

/** How often a live holder refreshes its lock's modification time. */
const HEARTBEAT_MS = 5_000;
/** A lock not refreshed for this long (and older than this boot) has no live holder. */
const STALE_MS = 12 * HEARTBEAT_MS;

/** When this machine booted (ms since the epoch), or undefined where `/proc/uptime` is missing. */
function bootedAt(): number | undefined {
  const uptime = Number(firstLine('/proc/uptime')?.split(' ')[0]);
  return Number.isFinite(uptime) && uptime > 0 ? Date.now() - uptime * 1000 : undefined;
}

/**
 * Whether the lock at `path` of a holder with this machine's id and another boot is stale: not
 * refreshed for {@link STALE_MS} and last refreshed before this machine booted. A machine cloned
 * from the same image (same machine id, its own boot id) refreshes its live lock, so it is not.
 */
async function staleSinceBoot(path: string): Promise<{ stale: boolean; age: number }> {
  const modified = await stat(path).then(
    (s) => s.mtimeMs,
    () => undefined,
  );
  if (modified === undefined) return { stale: true, age: 0 };
  const age = Math.max(0, Date.now() - modified);
  const boot = bootedAt();
  return { stale: age > STALE_MS && boot !== undefined && modified < boot, age };
}

async function refuseLive(
  locked: Locked,
  path: string,
  holder: Holder | 'unreadable',
  self: Holder,
): Promise<void> {
  if (holder === 'unreadable') {
    throw new UsageError(
      `${locked.what} is in use by another run (its lock ${path} is being written): remove ${path} if no other run is going`,
    );
  }
  const place = placeOf(holder, self);
  if (place === 'rebooted') {
    const { stale, age } = await staleSinceBoot(path);
    if (stale) return;
    throw new UsageError(
      `${locked.what} is locked by process ${holder.pid} on a machine with this machine's id and another boot id (a clone of this machine, or this one before a reboot), refreshed ${Math.round(age / 1000)} s ago: it is taken over only once not refreshed for ${STALE_MS / 1000} s since before this boot; remove ${path} once that run has stopped`,
    );
  }
  if (place !== 'here') {
    throw new UsageError(
      `${locked.what} is locked by process ${holder.pid} ${place}, which cannot be checked from here: remove ${path} once that run has stopped`,
    );
  }
  if (isAlive(holder))
    throw new UsageError(locked.inUse({ pid: holder.pid, journal: holder.journal ?? null }));
}

/** Whether `holder` is a process of this machine, boot and pid namespace that has ended. */
function provablyDead(holder: Holder, self: Holder): boolean {
  return placeOf(holder, self) === 'here' && !isAlive(holder);
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
  } catch (error) {
    await rm(path, { force: true });
    throw new UsageError(
      `cannot write the lock ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  } finally {
    await file.close();
  }
  return true;
}
