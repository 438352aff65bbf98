import type { Readable, Writable } from 'node:stream';
import { ReadStream } from 'node:tty';
import { TerminalClosed } from '../errors/cancelled.js';
import { terminalGone } from './io.js';
import type { Style } from './style.js';

/** Asks the person at the terminal. Injected, so tests answer without a terminal. */
export interface Prompter {
  /** Asks for a visible value. */
  input(message: string): Promise<string>;
  /** Asks for a secret; nothing of what is typed is shown. */
  password(message: string): Promise<string>;
}

/**
 * inquirer's default theme drawn with the CLI's style: an answered prompt ends with the same `✓`
 * as the CLI's own lines (not inquirer's `✔`), and colour follows the CLI's decision
 * (`--no-color`, `NO_COLOR`, `FORCE_COLOR`).
 */
function promptTheme(style: Style) {
  return {
    prefix: { idle: style.blue('?'), done: style.green('✓') },
    style: {
      answer: style.cyan,
      message: style.bold,
      error: (text: string) => style.red(`> ${text}`),
      defaultAnswer: (text: string) => style.dim(`(${text})`),
      help: style.dim,
      highlight: style.cyan,
      key: (text: string) => style.cyan(style.bold(`<${text}>`)),
    },
  };
}

/**
 * A terminal that has hung up (its window or ssh session closed) under a prompt. Node's
 * `setRawMode` then emits 'error' (EIO) on the stream, which readline passes on to the prompt's
 * interface, where inquirer does not listen: the process died with a stack trace. Once the
 * terminal is gone its mode needs no restoring, so the stream's `setRawMode` does nothing.
 */
function quietOnHangUp(input: Readable): Readable {
  if (input instanceof ReadStream && !Object.hasOwn(input, 'setRawMode')) {
    input.setRawMode = (mode) =>
      terminalGone(input) ? input : ReadStream.prototype.setRawMode.call(input, mode);
  }
  return input;
}

/**
 * Runs a prompt until it is answered, or until its terminal ends (hangs up: inquirer would wait for
 * ever, and the process would end with nothing said and exit 0): exit 129, as a hang-up's SIGHUP is.
 */
async function untilInputEnds<T>(input: Readable, prompt: (input: Readable) => Promise<T>): Promise<T> {
  // (Not Promise.withResolvers: Node 20 has none.)
  let reject: (error: Error) => void = () => undefined;
  const end = new Promise<never>((_, rejectEnd) => {
    reject = rejectEnd;
  });
  const ended = () => reject(new TerminalClosed('the terminal closed'));
  if (input.readableEnded || input.destroyed) ended();
  input.once('end', ended).once('close', ended);
  try {
    return await Promise.race([prompt(quietOnHangUp(input)), end]);
  } finally {
    input.off('end', ended).off('close', ended);
  }
}

/**
 * A prompter over @inquirer/prompts, loaded on first use. Each prompt is drawn on a stream of its
 * own from `output` (inquirer ends it when the prompt is done), in the CLI's `style`.
 */
export function inquirerPrompter(
  streams: { input: () => Readable; output: () => Writable },
  signal: AbortSignal,
  style: Style,
): Prompter {
  const context = (input: Readable) => ({
    input,
    output: streams.output(),
    signal,
    clearPromptOnDone: false,
  });
  const theme = promptTheme(style);
  const required = (value: string) => value.trim() !== '' || 'a value is required';
  return {
    async input(message) {
      const { input } = await import('@inquirer/prompts');
      return untilInputEnds(streams.input(), (stdin) =>
        input({ message, validate: required, theme }, context(stdin)),
      );
    },
    async password(message) {
      const { password } = await import('@inquirer/prompts');
      // No mask: nothing is shown per character (as gh does), so the screen never tells the length;
      // no ctrl+t to show it in clear either.
      return untilInputEnds(streams.input(), (stdin) =>
        password({ message, validate: required, theme, toggleMask: false }, context(stdin)),
      );
    },
  };
}
