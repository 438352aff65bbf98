/** Text styles for human output. Presenters receive one; with colour off every style is the identity. */
export interface Style {
  /** The columns tables must fit: the terminal's width; undefined in a pipe, where values print in full. */
  readonly width?: number | undefined;
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  blue(text: string): string;
}

const identity = (text: string): string => text;

/** The style without colour (pipes, `NO_COLOR`, `--no-color`, `FORCE_COLOR=0`) nor width limit. */
export const plainStyle: Style = {
  bold: identity,
  dim: identity,
  green: identity,
  red: identity,
  yellow: identity,
  cyan: identity,
  blue: identity,
};

/** A variable's value, or undefined when it is unset or empty (no-color.org and force-color.org). */
function setValue(value: string | undefined): string | undefined {
  return value === '' ? undefined : value;
}

/**
 * Whether to colour, most specific first: never with `--no-color`; with `FORCE_COLOR` set, on
 * unless it is `0` or `false` (as chalk and Node read it), even in a pipe and over `NO_COLOR`
 * (force-color.org); never with `NO_COLOR`; else only when stdout and stderr are terminals.
 */
export function colourWanted(opts: {
  color: boolean;
  env: Readonly<Record<string, string | undefined>>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
}): boolean {
  if (!opts.color) return false;
  const force = setValue(opts.env['FORCE_COLOR']);
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (setValue(opts.env['NO_COLOR']) !== undefined) return false;
  return opts.stdoutIsTTY && opts.stderrIsTTY;
}

/** A colouring style backed by chalk, loaded only when colour is wanted. */
export async function loadColourStyle(): Promise<Style> {
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return {
    bold: (t) => chalk.bold(t),
    dim: (t) => chalk.dim(t),
    green: (t) => chalk.green(t),
    red: (t) => chalk.red(t),
    yellow: (t) => chalk.yellow(t),
    cyan: (t) => chalk.cyan(t),
    blue: (t) => chalk.blue(t),
  };
}
