import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../errors/usage-error.js';
import { pidPlace, processAlive, startTime } from './journal/process-id.js';

const { O_APPEND, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_RDONLY, O_RDWR } = constants;

/** `cannot write --report r.json: EACCES (permission denied)`: the flag and the path the user gave. */
export function cannotWrite(what: string, path: string, error: unknown): UsageError {
  const e = error as NodeJS.ErrnoException;
  const code = e.code === 'ELOOP' ? 'ELOOP (it is a symbolic link, which is not followed)' : e.code;
  return new UsageError(`cannot write ${what} ${path}: ${code ?? e.message ?? String(error)}`);
}

/**
 * Opens `path` for appending, creating it exclusively and owner-only (0600 whatever the umask). A
 * symbolic link at `path` is refused (ELOOP), never followed; an existing file is used as it is
 * (its mode is not changed: the CLI may not have created it) and must be a regular file.
 */
export async function openForAppend(path: string): Promise<FileHandle> {
  const file = await open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
      return open(path, O_RDWR | O_APPEND | O_NOFOLLOW);
    },
  );
  if (!(await file.stat()).isFile()) {
    await file.close();
    throw Object.assign(new Error('not a regular file'), { code: 'EINVAL' });
  }
  return file;
}

/**
 * Reads a small file the CLI wrote (a lock, a journal's first line): opened without blocking and
 * without following a link, and refused unless it is a regular file, so a FIFO never hangs a run.
 * At most `limit` bytes are read.
 * @throws {@link UsageError} naming `what` for something that is not a regular file; the system
 * error (ENOENT…) otherwise.
 */
export async function readSmallFile(path: string, what: string, limit = 65_536): Promise<string> {
  const file = await open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ELOOP') throw new UsageError(`${what} ${path} is a symbolic link: remove it`);
    throw error;
  });
  try {
    const stats = await file.stat();
    if (!stats.isFile()) {
      throw new UsageError(`${what} ${path} is not a regular file: remove it`);
    }
    const { buffer, bytesRead } = await file.read(
      Buffer.alloc(Math.min(limit, stats.size)),
      0,
      Math.min(limit, stats.size),
      0,
    );
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Creates `path` exclusively and owner-only: it fails when anything (a file, a symbolic link) is
 * there already.
 */
export function createExclusive(path: string): Promise<FileHandle> {
  return open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
}

/**
 * A file written under a temporary name next to `path` (created exclusively, owner-only, with a
 * random part) and renamed over `path` at the end, so nothing is ever written through a link at
 * `path` and readers never see half a file.
 */
export class StagedFile {
  readonly #path: string;
  readonly #temp: string;
  readonly file: FileHandle;
  #written = 0;
  #failed: unknown;

  private constructor(path: string, temp: string, file: FileHandle) {
    this.#path = path;
    this.#temp = temp;
    this.file = file;
  }

  /**
   * Creates the temporary file; fails now (before anything is sent) when the directory is missing
   * or not writable.
   * @throws {@link UsageError} naming `what` (the flag) and the path the user gave.
   */
  static async create(what: string, path: string): Promise<StagedFile> {
    await removeDeadParts(path);
    // Named after its maker: where its pid means something, the pid and its start time.
    const maker = `${pidPlace() ?? 'unknown'}-${process.pid}-${startTime('self') ?? 'unknown'}`;
    const temp = join(dirname(path), `.${basename(path)}.${maker}-${randomBytes(6).toString('hex')}.part`);
    const file = await createExclusive(temp).catch((error: unknown) => {
      throw cannotWrite(what, path, error);
    });
    return new StagedFile(path, temp, file);
  }

  /** Writes all of `text` (a short write is continued; an error is thrown, and kept). */
  async write(text: string | Buffer): Promise<void> {
    const buffer = typeof text === 'string' ? Buffer.from(text) : text;
    try {
      await writeFully(this.file, buffer);
      this.#written += buffer.length;
    } catch (error) {
      this.#failed ??= error;
      throw error;
    }
  }

  /**
   * Flushes, checks and renames the file into place. A file any write of which failed, or whose
   * size on disk is not what was written, is never put in place: the error is thrown and the file
   * at `path` is left as it was.
   */
  async commit(): Promise<void> {
    if (this.#failed !== undefined) throw this.#failed;
    await this.file.sync();
    const { size } = await this.file.stat();
    if (size !== this.#written) {
      throw Object.assign(new Error(`wrote ${this.#written} bytes, found ${size}`), { code: 'EIO' });
    }
    await this.file.close();
    await rename(this.#temp, this.#path);
  }

  /** Closes and removes the temporary file (the target is left as it was). */
  async discard(): Promise<void> {
    await this.file.close().catch(() => undefined);
    await rm(this.#temp, { force: true });
  }
}

/**
 * Removes the temporary files a killed run (kill -9, power loss) left next to `path`: those whose
 * maker provably is gone, that is made where this process's pids mean the same (same machine, boot
 * and pid namespace) by a pid that no longer runs or now runs another program. Files of live runs,
 * of runs in another container or on another machine sharing the directory, of older agent-cli
 * versions (named by pid alone) and of other users are left alone.
 */
async function removeDeadParts(path: string): Promise<void> {
  const here = pidPlace();
  if (here === null) return;
  const prefix = `.${basename(path)}.`;
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  for (const name of names) {
    const match = name.startsWith(prefix)
      ? /^([0-9a-f]{12})-(\d+)-(\d+)-[0-9a-f]{12}\.part$/.exec(name.slice(prefix.length))
      : null;
    if (!match || match[1] !== here || processAlive(Number(match[2]), match[3] as string)) continue;
    await rm(join(dirname(path), name), { force: true }).catch(() => undefined);
  }
}

/**
 * Writes every byte of `text` at the end of `file`: `write` may write less than asked (a full
 * disk), so the rest is written again until it is all out or the system reports an error.
 */
export async function writeFully(file: FileHandle, text: string | Buffer): Promise<void> {
  const buffer = typeof text === 'string' ? Buffer.from(text) : text;
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await file.write(buffer, offset, buffer.length - offset);
    if (bytesWritten <= 0) throw Object.assign(new Error('no byte written'), { code: 'EIO' });
    offset += bytesWritten;
  }
}
