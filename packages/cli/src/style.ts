/** Text styles for human output. Presenters receive one; with colour off every style is the identity. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const identity = (text: string): string => text;

/** The style without colour: pipes, `NO_COLOR`, `--no-color`. */
export const plainStyle: Style = {
  bold: identity,
  dim: identity,
  green: identity,
  red: identity,
  yellow: identity,
  cyan: identity,
};

/** Whether to colour: only on terminals, never with `NO_COLOR` (any non-empty value) or `--no-color`. */
export function colourWanted(opts: {
  color: boolean;
  env: Readonly<Record<string, string | undefined>>;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
}): boolean {
  const noColor = opts.env['NO_COLOR'];
  if (!opts.color || (noColor !== undefined && noColor !== '')) return false;
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
  };
}
