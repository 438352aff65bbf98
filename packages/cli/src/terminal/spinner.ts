import type { Writable } from 'node:stream';

/** Runs a task while showing what is happening. */
export type Spinner = <T>(text: string, task: () => Promise<T>) => Promise<T>;

/** No spinner: pipes and CI. */
export const noSpinner: Spinner = (_text, task) => task();

/** A terminal stream, whose width may change (`resize`). */
type TerminalStream = Writable & { columns?: number };

/**
 * Whether a spinner can be drawn: ora divides by the width to count the lines it must clear, so
 * a terminal that reports 0 columns (a pty nobody sized, a serial console) would clear forever,
 * starving even the SIGTERM handler.
 */
function drawable(stream: TerminalStream): boolean {
  const { columns } = stream;
  return columns !== undefined && Number.isFinite(columns) && columns > 0;
}

/**
 * An ora spinner on `stream` (stderr), loaded on first use; cyan only when `colour` (the CLI's
 * decision, so `NO_COLOR` and `--no-color` hold). It is cleared when the task ends, and stops
 * early if the terminal loses its width; with no usable width the task runs without one.
 */
export function oraSpinner(stream: TerminalStream, colour: boolean): Spinner {
  return async (text, task) => {
    if (!drawable(stream)) return task();
    const { default: ora } = await import('ora');
    const spinner = ora({ text, stream, discardStdin: false, color: colour ? 'cyan' : false }).start();
    const resized = () => {
      if (!drawable(stream)) spinner.stop();
    };
    stream.on('resize', resized);
    try {
      return await task();
    } finally {
      stream.off('resize', resized);
      spinner.stop();
    }
  };
}
