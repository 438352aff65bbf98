import type { Readable, Writable } from 'node:stream';

/** The streams a command may use. Data goes to {@link CliIO.out}; everything else to {@link CliIO.err}. */
export interface CliIO {
  /** Writes a line of data to stdout (a newline is added when missing). */
  out(text: string): void;
  /** Writes a line of chatter (progress, warnings, errors) to stderr. */
  err(text: string): void;
  /** Reads all of stdin as UTF-8. */
  readStdin(): Promise<string>;
  readonly stdin: Readable;
  readonly stderr: Writable;
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
}

/** The three standard streams and whether each is a terminal. */
export interface StdStreams {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
}

function line(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** Reads a stream to its end as UTF-8 text. */
export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** A {@link CliIO} over real (or fake) streams. */
export function createIO(streams: StdStreams): CliIO {
  return {
    out: (text) => {
      streams.stdout.write(line(text));
    },
    err: (text) => {
      streams.stderr.write(line(text));
    },
    readStdin: () => readAll(streams.stdin),
    stdin: streams.stdin,
    stderr: streams.stderr,
    stdinIsTTY: streams.stdin.isTTY === true,
    stdoutIsTTY: streams.stdout.isTTY === true,
    stderrIsTTY: streams.stderr.isTTY === true,
  };
}
