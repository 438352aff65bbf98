import type { Readable, Writable } from 'node:stream';

/** Asks the person at the terminal. Injected, so tests answer without a terminal. */
export interface Prompter {
  /** Asks for a visible value. */
  input(message: string): Promise<string>;
  /** Asks for a secret; what is typed is masked. */
  password(message: string): Promise<string>;
}

/**
 * A prompter over @inquirer/prompts, loaded on first use. Each prompt is drawn on a stream of its
 * own from `output` (inquirer ends it when the prompt is done).
 */
export function inquirerPrompter(
  streams: { input: Readable; output: () => Writable },
  signal: AbortSignal,
): Prompter {
  const context = () => ({
    input: streams.input,
    output: streams.output(),
    signal,
    clearPromptOnDone: false,
  });
  const required = (value: string) => value.trim() !== '' || 'a value is required';
  return {
    async input(message) {
      const { input } = await import('@inquirer/prompts');
      return input({ message, validate: required }, context());
    },
    async password(message) {
      const { password } = await import('@inquirer/prompts');
      return password({ message, mask: '*', validate: required }, context());
    },
  };
}
