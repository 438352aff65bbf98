import { closeSync, constants, openSync, renameSync, rmSync, writeSync } from 'node:fs';

// node:crypto is taken when a file is written, not when the module loads: every command that calls
// the service loads this module (the token store), and node:crypto with its 20-odd internal modules
// is not needed to read (docs/performance.md).
const randomHex = (bytes: number) =>
  process.getBuiltinModule('node:crypto').randomBytes(bytes).toString('hex');

/** Create only, never through a symlink: `O_EXCL` fails on any existing name, a link included. */
const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Writes `text` to a new private (0600) file at `path`, which must not exist yet (nor be a symlink). */
export function writeNew(path: string, text: string): void {
  const fd = openSync(path, EXCLUSIVE, 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces `path` atomically: a new private (0600) file, created exclusively so that no symlink is
 * followed, renamed over the old one (a symlink at `path` is replaced, never written through).
 */
export function replaceFile(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.${randomHex(4)}.tmp`;
  try {
    writeNew(tmp, text);
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}
