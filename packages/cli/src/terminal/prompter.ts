import type { Readable, Writable } from 'node:stream';
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
 * A prompter over @inquirer/prompts, loaded on first use. Each prompt is drawn on a stream of its
 * own from `output` (inquirer ends it when the prompt is done), in the CLI's `style`.
 */
export function inquirerPrompter(
  streams: { input: () => Readable; output: () => Writable },
  signal: AbortSignal,
  style: Style,
): Prompter {
  const context = () => ({
    input: streams.input(),
    output: streams.output(),
    signal,
    clearPromptOnDone: false,
  });
  const theme = promptTheme(style);
  const required = (value: string) => value.trim() !== '' || 'a value is required';
  return {
    async input(message) {
      const { input } = await import('@inquirer/prompts');
      return input({ message, validate: required, theme }, context());
    },
    async password(message) {
      const { password } = await import('@inquirer/prompts');
      // No mask: nothing is shown per character (as gh does), so the screen never tells the length;
      // no ctrl+t to show it in clear either.
      return password({ message, validate: required, theme, toggleMask: false }, context());
    },
  };
}
