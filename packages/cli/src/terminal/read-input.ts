import type { Readable } from 'node:stream';
import type { CliContext } from '../context.js';
import { Cancelled } from '../errors/cancelled.js';
import { UsageError } from '../errors/usage-error.js';
import { readAll } from './io.js';

/** The most an input file may hold: a request body, not a stream without end (`/dev/zero`). */
export const INPUT_LIMIT = 16 * 1024 * 1024;

// node:fs and node:net are taken when a file is read, not when a command that could read one loads
// (test/e2e/startup.test.ts).
const fs = () => process.getBuiltinModule('node:fs');

/** Opens `path` for reading without waiting for a FIFO's writer. */
function openNow(path: string): Promise<number> {
  const { O_RDONLY, O_NONBLOCK } = fs().constants;
  return new Promise((resolve, reject) =>
    fs().open(path, O_RDONLY | O_NONBLOCK, (error, fd) => (error ? reject(error) : resolve(fd))),
  );
}

/**
 * The stream of an open file: a FIFO, socket or terminal is read on the event loop (a read that
 * waits for a writer or a person can be cancelled, and never holds a thread the process's exit
 * waits for); anything else from the file itself.
 */
function streamOf(fd: number): Readable {
  const stats = fs().fstatSync(fd);
  if (stats.isFIFO() || stats.isSocket())
    return new (process.getBuiltinModule('node:net').Socket)({ fd, readable: true, writable: false });
  const tty = process.getBuiltinModule('node:tty');
  // With its descriptor as `fd`, as process.stdin has it: readAll tells a hang-up from Ctrl-D by it.
  if (tty.isatty(fd)) return Object.assign(new tty.ReadStream(fd), { fd });
  // A directory fails its first read (EISDIR); more than INPUT_LIMIT stops the read (readAll).
  return fs().createReadStream('', { fd });
}

/**
 * The text of the input file the user named with `flag` (`--file`, `--input`); `-` reads stdin.
 * A FIFO (`mkfifo`, `<(jq …)`) is read as its writer writes; waiting for one ends with Ctrl-C.
 * @throws {@link Cancelled} when the run is cancelled while waiting.
 * @throws {@link UsageError} naming the flag and the file when it cannot be read or is larger than
 * {@link INPUT_LIMIT}.
 */
export async function readInputText(ctx: CliContext, flag: string, file: string): Promise<string> {
  if (file === '') throw new UsageError(`${flag} must not be empty`);
  try {
    const stream = file === '-' ? ctx.io.stdin : streamOf(await openNow(file));
    return await readAll(stream, ctx.signal, INPUT_LIMIT);
  } catch (error) {
    if (error instanceof Cancelled) throw error;
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    if (reason === 'EILSEQ') throw new UsageError(`${flag} ${file}: not UTF-8 text`);
    const detail = reason === 'EFBIG' ? `EFBIG: larger than ${INPUT_LIMIT / 1024 / 1024} MiB` : reason;
    throw new UsageError(`${flag} ${file}: cannot read it (${detail})`);
  }
}

/**
 * The JSON of an input file read by {@link readInputText}; a byte order mark (Windows editors write
 * one) is skipped. V8 quotes the start of a text that is not JSON in its message: that excerpt is
 * left out, as the file may be a secret named by mistake (`--file token.txt`).
 * @throws {@link UsageError} naming the flag and the file.
 */
export function parseInputJson(flag: string, file: string, text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const why = (error as Error).message.replace(/, ".*"(?:\.\.\.)? is not valid JSON$/s, '');
    throw new UsageError(`${flag} ${file}: not valid JSON (${why})`);
  }
}
