import { PassThrough, Writable } from 'node:stream';
import type { ExitCode } from '../../src/errors/exit-codes.js';
import { run } from '../../src/main.js';
import { createIO } from '../../src/terminal/io.js';
import type { Prompter } from '../../src/terminal/prompter.js';

/** What one in-process run printed and returned. */
export interface CliRun {
  stdout: string;
  stderr: string;
  code: ExitCode;
}

/** How to run: environment, stdin text, terminal or pipe, prompt answers, cancellation. */
export interface RunOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  /** Pretend stdin, stdout and stderr are terminals. Default: pipes. */
  tty?: boolean;
  prompter?: Prompter;
  signal?: AbortSignal;
}

class Sink extends Writable {
  text = '';
  isTTY: boolean;
  constructor(isTTY: boolean) {
    super();
    this.isTTY = isTTY;
  }
  // What ora needs of a terminal.
  columns = 80;
  cursorTo(): boolean {
    return true;
  }
  clearLine(): boolean {
    return true;
  }
  moveCursor(): boolean {
    return true;
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** A prompter that fails the test if it is asked anything. */
export const noPrompts: Prompter = {
  input: (message) => Promise.reject(new Error(`unexpected prompt: ${message}`)),
  password: (message) => Promise.reject(new Error(`unexpected prompt: ${message}`)),
};

/** Runs `agent-cli argv` in-process with fake streams and returns what it printed and its exit code. */
export async function runCli(argv: string[], options: RunOptions = {}): Promise<CliRun> {
  const tty = options.tty === true;
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  stdin.end(options.stdin ?? '');
  const stdout = new Sink(tty);
  const stderr = new Sink(tty);
  const init = {
    io: createIO({ stdin, stdout, stderr }),
    env: options.env ?? {},
    signal: options.signal ?? new AbortController().signal,
    platform: 'linux',
    prompter: options.prompter ?? noPrompts,
  };
  const code = await run(argv, init);
  return { stdout: stdout.text, stderr: stderr.text, code };
}
