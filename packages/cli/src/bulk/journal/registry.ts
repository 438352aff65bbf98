import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UsageError } from '../../errors/usage-error.js';
import type { JournalTarget } from './entry.js';

/** A journal as the user's registry records it: where it is, what it is, for which target and shard. */
interface Entry {
  path: string;
  dev: string;
  ino: string;
  target: Omit<JournalTarget, 'common'>;
  shard: string | null;
}

/** This run's journal and what it sends to: its holders as sorted 64-bit digests (see `holderId`). */
export interface Registration {
  path: string;
  dev: bigint;
  ino: bigint;
  target: Omit<JournalTarget, 'common'>;
  shard: string | undefined;
  holders: BigUint64Array;
}

/** The registry directory (next to the lock directory `locks`), created 0700. */
async function registryDir(lockDir: string): Promise<string> {
  const dir = join(dirname(lockDir), 'journals');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The number of values both sorted arrays hold. */
function common(a: BigUint64Array, b: BigUint64Array): number {
  let found = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i] as bigint;
    const y = b[j] as bigint;
    if (x === y) found++;
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return found;
}

/** The sorted union of two sorted arrays without repeats. */
function union(a: BigUint64Array, b: BigUint64Array): BigUint64Array {
  const out = new BigUint64Array(a.length + b.length);
  let n = 0;
  for (let i = 0, j = 0; i < a.length || j < b.length; ) {
    const x = i < a.length ? (a[i] as bigint) : undefined;
    const y = j < b.length ? (b[j] as bigint) : undefined;
    const next = y === undefined || (x !== undefined && x <= y) ? (x as bigint) : y;
    if (x === next) i++;
    if (y === next) j++;
    if (n === 0 || out[n - 1] !== next) out[n++] = next;
  }
  return out.slice(0, n);
}

const holdersOf = async (file: string): Promise<BigUint64Array> => {
  const bytes = await readFile(file).catch(() => Buffer.alloc(0));
  const copy = new Uint8Array(bytes.length - (bytes.length % 8));
  copy.set(bytes.subarray(0, copy.length));
  return new BigUint64Array(copy.buffer);
};

/**
 * The user's registry of journals (`~/.local/state/agent-cli/journals`, owner-only): each journal a
 * run opened, by device and inode, with its target, shard and the holders its run meant to e-mail.
 * A run registers its journal before it sends, then looks for another registered journal that
 * still exists, for the same target, whose holders overlap its own: the same rows under another
 * name or place, a copy with a holder appended or rows swapped, a live run of them, another shard
 * layout. Such a run is refused, naming that journal.
 */
export class JournalRegistry {
  readonly #dir: string;
  readonly #key: string;

  private constructor(dir: string, key: string) {
    this.#dir = dir;
    this.#key = key;
  }

  /**
   * Registers `run` (its holders added to those registered for the journal before).
   * @returns the registry entry, to {@link JournalRegistry.checkOthers}.
   */
  static async register(lockDir: string, run: Registration): Promise<JournalRegistry> {
    const dir = await registryDir(lockDir);
    const key = `${run.dev}-${run.ino}`;
    const holdersFile = join(dir, `${key}.holders`);
    const holders = union(await holdersOf(holdersFile), run.holders);
    const entry: Entry = {
      path: run.path,
      dev: String(run.dev),
      ino: String(run.ino),
      target: run.target,
      shard: run.shard ?? null,
    };
    await writeAtomic(holdersFile, Buffer.from(holders.buffer, holders.byteOffset, holders.byteLength));
    await writeAtomic(join(dir, `${key}.json`), JSON.stringify(entry));
    return new JournalRegistry(dir, key);
  }

  /**
   * Refuses the run when another registered journal that still exists, for the same target, has
   * holders in common with `holders`. Entries of journals that are gone are removed.
   * @throws {@link UsageError} naming that journal and the ways on.
   */
  async checkOthers(run: Registration, sameTarget: (t: Entry['target']) => boolean): Promise<void> {
    for (const name of await readdir(this.#dir).catch(() => [] as string[])) {
      if (!name.endsWith('.json') || name === `${this.#key}.json`) continue;
      const file = join(this.#dir, name);
      const entry = await readFile(file, 'utf8')
        .then((text) => JSON.parse(text) as Entry)
        .catch(() => undefined);
      if (!entry || typeof entry.path !== 'string') continue;
      const now = await lstat(entry.path, { bigint: true }).catch(() => undefined);
      const holdersFile = file.replace(/\.json$/, '.holders');
      if (!now || String(now.dev) !== entry.dev || String(now.ino) !== entry.ino) {
        await rm(file, { force: true });
        await rm(holdersFile, { force: true });
        continue;
      }
      if (!sameTarget(entry.target)) continue;
      const shared = common(run.holders, await holdersOf(holdersFile));
      if (shared === 0) continue;
      const layout = entry.shard ? `--shard ${entry.shard}` : 'the whole CSV';
      const pass = entry.shard ? ` --shard ${entry.shard}` : '';
      throw new UsageError(
        `journal ${entry.path} (a run of ${layout} to this target, earlier or still going) is for ${shared} holder(s) this run would e-mail too: to continue that run, pass --journal ${entry.path}${pass} --resume (with the CSV it was started from); to e-mail them again deliberately, pass --new-run`,
      );
    }
  }

  /** Removes this run's entry (its journal recorded nothing sent). */
  async remove(): Promise<void> {
    await rm(join(this.#dir, `${this.#key}.json`), { force: true });
    await rm(join(this.#dir, `${this.#key}.holders`), { force: true });
  }
}

/** Writes `file` whole under a temporary name, then renames it into place. */
async function writeAtomic(file: string, data: string | Buffer): Promise<void> {
  const part = `${file}.${process.pid}.part`;
  await writeFile(part, data, { mode: 0o600 });
  await rename(part, file).catch(async (error: unknown) => {
    await rm(part, { force: true });
    throw error;
  });
}
