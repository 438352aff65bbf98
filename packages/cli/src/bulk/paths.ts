import type { Stats } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors/usage-error.js';

/** A path the user gave (or a default), with what names it in messages: `--report`, `the lock`. */
export interface NamedPath {
  what: string;
  path: string;
}

const lstatOrNone = (path: string): Promise<Stats | undefined> => lstat(path).catch(() => undefined);

/** What a path that is not a regular file is, in words: `a FIFO`, `a directory`. */
export function fileKind(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isFile()) return 'a regular file';
  return 'a device';
}

/**
 * Refuses a path that is there and is not a regular file (a device such as /dev/null, a FIFO, a
 * directory, a symbolic link such as /dev/stdout): the run would replace, chmod or block on it.
 * @throws {@link UsageError} naming the flag and the path.
 */
async function regularOrNone(named: NamedPath): Promise<Stats | undefined> {
  if (named.path === '') throw new UsageError(`${named.what} must not be empty`);
  const stats = await lstatOrNone(named.path);
  if (stats && !stats.isFile())
    throw new UsageError(`${named.what} ${named.path} is not a regular file (${fileKind(stats)})`);
  return stats;
}

/**
 * Checks the journal path before the lock or the journal is touched: a regular file of the current
 * user, or nothing yet. A symbolic link is left to the journal's own refusal.
 * @throws {@link UsageError} naming the flag and the path.
 */
export async function checkJournalPath(named: NamedPath): Promise<void> {
  const found = await lstatOrNone(named.path);
  if (found?.isSymbolicLink()) return;
  const stats = await regularOrNone(named);
  const uid = process.getuid?.();
  if (stats && uid !== undefined && stats.uid !== uid) {
    throw new UsageError(
      `${named.what} ${named.path} belongs to another user (uid ${stats.uid}): remove it or pass another --journal`,
    );
  }
}

/**
 * Refuses, before anything is sent, output paths (`--report`, `--junit`) that are not regular files
 * or that name one of `taken` (the CSV, the journal, its lock) or each other, by path or by inode.
 * @throws {@link UsageError} naming the flag and the path.
 */
export async function checkOutputPaths(outputs: NamedPath[], taken: NamedPath[]): Promise<void> {
  const seen: (NamedPath & { stats: Stats | undefined; real: string })[] = [];
  for (const t of taken) seen.push({ ...t, stats: await lstatOrNone(t.path), real: await realPlace(t.path) });
  for (const out of outputs) {
    const stats = await regularOrNone(out);
    if (stats) await checkReplaceable(out, stats);
    const real = await realPlace(out.path);
    const same = seen.find(
      (s) =>
        s.real === real ||
        resolve(s.path) === resolve(out.path) ||
        (stats && s.stats && s.stats.dev === stats.dev && s.stats.ino === stats.ino),
    );
    if (same)
      throw new UsageError(
        `${out.what} ${out.path} is the same file as ${same.what} ${same.path}: pass another path`,
      );
    seen.push({ ...out, stats, real });
  }
}

/** Where `path` is, whatever symbolic links its directory goes through: the real directory and the name. */
async function realPlace(path: string): Promise<string> {
  const dir = resolve(dirname(path));
  return join(await realpath(dir).catch(() => dir), basename(path));
}

/**
 * A report is written under a temporary name and renamed over the path at the end: in a sticky
 * directory (such as /tmp) the rename of another user's file fails (EPERM) after every e-mail went
 * out. Refused before the first request instead.
 * @throws {@link UsageError} naming the flag, the path and the owner.
 */
async function checkReplaceable(out: NamedPath, stats: Stats): Promise<void> {
  const uid = process.getuid?.();
  if (uid === undefined || uid === 0 || stats.uid === uid) return;
  const dir = await lstatOrNone(dirname(out.path));
  if (dir && (dir.mode & 0o1000) !== 0 && dir.uid !== uid) {
    throw new UsageError(
      `cannot write ${out.what} ${out.path}: it belongs to another user (uid ${stats.uid}) in a sticky directory, so it cannot be replaced: pass another path`,
    );
  }
}
