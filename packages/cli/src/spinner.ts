import type { Writable } from 'node:stream';

/** Runs a task while showing what is happening. */
export type Spinner = <T>(text: string, task: () => Promise<T>) => Promise<T>;

/** No spinner: pipes and CI. */
export const noSpinner: Spinner = (_text, task) => task();

/**
 * An ora spinner on `stream` (stderr), loaded on first use; it is cleared when the task ends.
 * Without `colour` its frames are plain (ora's chalk would not see `NO_COLOR`).
 */
export function oraSpinner(stream: Writable, colour = true): Spinner {
  return async (text, task) => {
    const { default: ora } = await import('ora');
    const spinner = ora({ text, stream, discardStdin: false, color: colour ? 'cyan' : false }).start();
    try {
      return await task();
    } finally {
      spinner.stop();
    }
  };
}
