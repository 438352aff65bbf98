import type { CliContext } from '../context.js';
import { CliFailure } from '../errors/cli-errors.js';
import { printable, printableJson } from './printable.js';
import type { Style } from './style.js';

/**
 * Data as the `--json` output prints it: the SDK result, indented, stable across releases. Control
 * and format characters in strings are `\uXXXX` escapes, so JSON on a terminal is safe too.
 * @throws {@link CliFailure} when a (hostile) answer is nested deeper than `JSON.stringify` can go.
 */
export function toJson(data: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(data, null, 2);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new CliFailure('cannot print the answer as JSON: it is nested too deeply');
    }
    throw error;
  }
  return printableJson(text);
}

/** Prints a command's result on stdout: JSON with `--json`, else the presenter's text. */
export function printData<T>(ctx: CliContext, data: T, present: (data: T, style: Style) => string): void {
  const text = ctx.globals.json ? toJson(data) : present(data, ctx.style);
  if (text !== '') ctx.io.out(text);
}

/** Reports success on stderr (`✓ …`), so stdout stays data only. */
export function printDone(ctx: CliContext, message: string): void {
  ctx.io.err(`${ctx.style.green('✓')} ${printable(message)}`);
}

/** Prints a note on stderr: what a result printed on stdout means for the person reading it. */
export function printNote(ctx: CliContext, message: string): void {
  ctx.io.err(`note: ${printable(message)}`);
}

/** Prints a warning on stderr. */
export function printWarning(ctx: CliContext, message: string): void {
  ctx.io.err(`${ctx.style.yellow('warning:')} ${printable(message)}`);
}
