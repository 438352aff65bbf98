import { closeSync, openSync } from 'node:fs';
import { type Readable, Writable } from 'node:stream';
import { isatty, WriteStream } from 'node:tty';
import { Cancelled, TerminalClosed } from '../errors/cancelled.js';
import type { WriteFailures } from './write-errors.js';

// The program installs it with the streams (bin.ts): one module for both, not a chunk of its own.
export { handleWriteErrors } from './write-errors.js';

/** The streams a command may use. Data goes to {@link CliIO.out}; everything else to {@link CliIO.err}. */
export interface CliIO {
  /** Writes a line of data to stdout (a newline is added when missing). */
  out(text: string): void;
  /** Writes a line of chatter (progress, warnings, errors) to stderr. */
  err(text: string): void;
  /**
   * Reads all of stdin as UTF-8; `signal` ends the wait (Ctrl-C) with `Cancelled` and stops reading;
   * more than `limit` bytes fail with code `EFBIG`.
   */
  readStdin(signal?: AbortSignal, limit?: number): Promise<string>;
  /**
   * Keeps a failing stdout from ending the process (see `handleWriteErrors`) until the returned
   * function is called: that one waits until what was written to stdout is flushed and resolves
   * to its failure, if any (a closed pipe is none).
   */
  holdOutput(): () => Promise<NodeJS.ErrnoException | undefined>;
  /**
   * Records a request the service carried out that changed something (`POST /schemas`): a stdout
   * failing later says that running the command again would repeat it.
   */
  carriedOut(request: string): void;
  readonly stdin: Readable;
  readonly stderr: Writable;
  /**
   * Where prompts are drawn, one stream per prompt (a prompt ends its stream when done): stderr
   * when it is a terminal; else, when stdin is one, the controlling terminal (`agent-cli login 2>&1
   * | tee log` still prompts there); undefined when there is none.
   */
  readonly promptOutput: (() => Writable) | undefined;
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  /** The terminal's width when stdout is a terminal that knows it; undefined in a pipe. */
  readonly columns?: number | undefined;
}

/** The three standard streams and whether each is a terminal. */
export interface StdStreams {
  /** Read only when a command reads stdin or prompts (it may be a getter: see {@link StdStreams.stdinIsTTY}). */
  stdin: Readable & { isTTY?: boolean };
  /**
   * Whether stdin is a terminal, when known without making its stream (`tty.isatty(0)`): Node makes
   * `process.stdin` on first read, and for a file or `/dev/null` that loads its file streams and
   * promises API, about 2 ms that a command which never reads stdin need not pay.
   */
  stdinIsTTY?: boolean;
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean };
  /** Opens the controlling terminal for writing (`/dev/tty`), if there is one. */
  openTerminal?: () => WriteStream | undefined;
  /** What `handleWriteErrors` saw of the process's stdout (undefined: fake streams). */
  writeFailures?: WriteFailures;
}

function line(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * Reads a stream to its end as UTF-8 text. `signal` ends the wait and destroys the stream, so a
 * reader that never ends (a terminal, an open pipe) does not keep the process alive.
 * @throws {@link Cancelled} when `signal` ends the wait.
 * @throws an error with code `EFBIG` once the stream has given more than `limit` bytes, `EILSEQ`
 * when it is not UTF-8.
 */
export async function readAll(
  stream: Readable,
  signal?: AbortSignal,
  limit = Number.POSITIVE_INFINITY,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => stream.destroy();
  // A terminal's hang-up ends the read as Ctrl-D does: it is told apart after.
  const hungUp = () => terminalGone(stream);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    if (signal?.aborted) stop();
    for await (const chunk of stream) {
      const bytes: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) throw Object.assign(new Error(`more than ${limit} bytes`), { code: 'EFBIG' });
      chunks.push(bytes);
    }
    // A stream destroyed by `stop` may end as if it had been read to its end.
    if (signal?.aborted) throw new Error('cancelled');
    if (hungUp()) throw new TerminalClosed('the terminal closed');
  } catch (error) {
    if (signal?.aborted) throw new Cancelled('cancelled', { cause: signal.reason });
    throw hungUp() ? new TerminalClosed('the terminal closed', { cause: error }) : error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return utf8(Buffer.concat(chunks));
}

/** Made on first use: a command that reads no input does not pay for Node's encoding module. */
let decoder: TextDecoder | undefined;

/**
 * The text of `bytes`, which must be UTF-8: a byte that is not would be replaced by U+FFFD and
 * sent (or stored) silently changed.
 * @throws an error with code `EILSEQ` when `bytes` is not UTF-8.
 */
function utf8(bytes: Buffer): string {
  try {
    decoder ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    return decoder.decode(bytes);
  } catch {
    throw Object.assign(new Error('not UTF-8 text'), { code: 'EILSEQ' });
  }
}

/**
 * Whether `stream` reads a terminal that has hung up (its window or ssh session closed): it has its
 * descriptor as `fd` (process.stdin, and the tty streams of read-input.ts) and that descriptor is no
 * longer a terminal (a hung-up one answers EIO).
 */
export function terminalGone(stream: Readable): boolean {
  const { isTTY, fd } = stream as Readable & { isTTY?: boolean; fd?: number };
  return isTTY === true && typeof fd === 'number' && !isatty(fd);
}

/** See {@link CliIO.holdOutput}. */
function holdOutput(streams: StdStreams): () => Promise<NodeJS.ErrnoException | undefined> {
  const release = streams.writeFailures?.hold();
  return async () => {
    if (!streams.stdout.destroyed)
      await new Promise<void>((resolve) => streams.stdout.write('', () => resolve()));
    // A failed write's 'error' event follows its callback.
    await new Promise((resolve) => setImmediate(resolve));
    release?.();
    return streams.writeFailures?.stdout;
  };
}

/**
 * The controlling terminal opened for writing (`/dev/tty`, as ssh and sudo prompt), or undefined
 * when the process has none (CI, a daemon, Windows).
 */
export function openControllingTerminal(): WriteStream | undefined {
  try {
    return new WriteStream(openSync('/dev/tty', 'w'));
  } catch {
    return undefined;
  }
}

/**
 * Makes a process whose terminal has hung up (the window or the ssh session closed) exit as it
 * should: Node restores the settings of every standard stream that was a terminal as the process
 * exits and aborts (SIGABRT, a native stack) when that fails, as it does on a hung-up terminal
 * (EIO: nodejs/node#42433, #51519). Called at start, returns what to call on 'exit': each
 * standard stream that was a terminal then and is no longer one (a hung-up one answers EIO) is
 * closed, and Node skips a closed descriptor. A terminal still there is left to Node.
 */
export function releaseHungUpTerminals(): () => void {
  const terminals = [0, 1, 2].filter((fd) => isatty(fd));
  return () => {
    for (const fd of terminals) {
      if (isatty(fd)) continue;
      try {
        closeSync(fd);
      } catch {
        // Closed already: Node skips it too.
      }
    }
  };
}

/** Whether the process's stdin (fd 0) is a terminal, without making `process.stdin`. */
export function stdinIsTerminal(): boolean {
  return isatty(0);
}

/** Writes to a terminal; ending it (as a finished prompt does) leaves the terminal open. */
class TerminalView extends Writable {
  readonly isTTY = true;
  readonly #terminal: WriteStream;
  constructor(terminal: WriteStream) {
    super();
    this.#terminal = terminal;
  }
  get columns(): number {
    return this.#terminal.columns;
  }
  get rows(): number {
    return this.#terminal.rows;
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    this.#terminal.write(chunk, done);
  }
}

function promptOutput(streams: StdStreams, stdinIsTTY: boolean): (() => Writable) | undefined {
  if (streams.stderr.isTTY === true) return () => streams.stderr;
  const terminal = stdinIsTTY ? streams.openTerminal?.() : undefined;
  return terminal && (() => new TerminalView(terminal));
}

/** The width of a terminal stdout (read once: tables are printed at the end of a run). */
function terminalColumns(stdout: StdStreams['stdout']): number | undefined {
  const columns = stdout.isTTY === true ? stdout.columns : undefined;
  return columns !== undefined && columns > 0 ? columns : undefined;
}

/** A {@link CliIO} over real (or fake) streams. */
export function createIO(streams: StdStreams): CliIO {
  const stdinIsTTY = streams.stdinIsTTY ?? streams.stdin.isTTY === true;
  return {
    out: (text) => {
      streams.stdout.write(line(text));
    },
    err: (text) => {
      streams.stderr.write(line(text));
    },
    readStdin: (signal, limit) => readAll(streams.stdin, signal, limit),
    holdOutput: () => holdOutput(streams),
    carriedOut: (request) => {
      const done = streams.writeFailures?.carriedOut;
      if (done && !done.includes(request)) done.push(request);
    },
    get stdin() {
      return streams.stdin;
    },
    stderr: streams.stderr,
    promptOutput: promptOutput(streams, stdinIsTTY),
    stdinIsTTY,
    stdoutIsTTY: streams.stdout.isTTY === true,
    stderrIsTTY: streams.stderr.isTTY === true,
    columns: terminalColumns(streams.stdout),
  };
}
