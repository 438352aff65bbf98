import { readFileSync, rmSync } from 'node:fs';
import { CliFailure } from '../errors/cli-errors.js';
import { writeNew } from './private-file.js';

/** Beside the lock: who holds it (this run's pid), so that a run that waits for it can say. */
const ownerFile = (path: string) => `${path}.lock-owner`;

/** Who holds the lock of `path`, as far as its owner file tells. */
function holder(path: string): string {
  try {
    const { pid } = JSON.parse(readFileSync(ownerFile(path), 'utf8')) as { pid?: unknown };
    if (Number.isInteger(pid)) return `another agent-cli run (pid ${pid}; lock ${path}.lock)`;
  } catch {
    // No owner file (an older run, or another program): the lock alone is named.
  }
  return `another process (lock ${path}.lock)`;
}

/**
 * Runs `task` holding the lock of the config file `path` (proper-lockfile, waiting up to ~20 s).
 * @throws {@link CliFailure} naming the file and its holder when the lock stays held.
 */
export async function withConfigLock(path: string, task: () => void | Promise<void>): Promise<void> {
  const { default: lockfile } = await import('proper-lockfile');
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(path, {
      realpath: false,
      stale: 10_000,
      retries: { retries: 100, minTimeout: 10, maxTimeout: 200 },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new CliFailure(
      `the config file ${path} is locked by ${holder(path)}: nothing was changed, try again when it has finished`,
    );
  }
  // Ours while the lock is: one left by a run that was killed is removed, and the new one is
  // created exclusively, never through a symlink. When it cannot be (a name another user holds in
  // a shared directory), the lock alone names the holder.
  let named = false;
  try {
    rmSync(ownerFile(path), { force: true });
    writeNew(ownerFile(path), JSON.stringify({ pid: process.pid }));
    named = true;
  } catch {}
  try {
    await task();
  } finally {
    if (named) rmSync(ownerFile(path), { force: true });
    await release();
  }
}
