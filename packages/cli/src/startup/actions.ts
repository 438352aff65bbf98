import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { ExitCode } from '../errors/exit-codes.js';
import { givenOf } from '../errors/field-names.js';

/** What commander hands a command's action, as its parse function reads it. */
export interface RawInput {
  /** The positional arguments in order, after their parsers. */
  args: readonly unknown[];
  /** The command's options, after their parsers (defaults included). */
  opts: Readonly<Record<string, unknown>>;
  /** The options typed on the command line (attribute names), so not defaults. */
  typed: ReadonlySet<string>;
}

/** A command's flags → its typed options; no I/O. @throws UsageError naming the flag. */
export type ParseOptions<O> = (raw: RawInput) => O;
/** Runs a command with its options. */
export type RunCommand<O> = (ctx: CliContext, opts: O) => Promise<void> | void;
/** Makes a command's action from its parse and run functions. */
export type Bind = <O>(parse: ParseOptions<O>, run: RunCommand<O>) => (...action: unknown[]) => Promise<void>;

/** What `command` was given, for its parse function. */
export function rawInput(command: Command): RawInput {
  const opts = command.opts();
  const typed = new Set(Object.keys(opts).filter((name) => command.getOptionValueSource(name) === 'cli'));
  return { args: command.processedArgs, opts, typed };
}

/** Reports a failure on stderr (one line, plus a hint) and returns its exit code. Never throws. */
export async function report(error: unknown, ctx: CliContext): Promise<ExitCode> {
  try {
    const scrub = (text: string) => ctx.secrets.scrub(text);
    // The CLI's own failures are said without the SDK (errors/render-own.ts), the others with it.
    const { renderOwnError } = await import('../errors/render-own.js');
    const rendered = renderOwnError(error, scrub) ?? (await renderWithSdk(error, ctx, scrub));
    for (const line of rendered.lines) ctx.io.err(line);
    return rendered.code;
  } catch {
    ctx.io.err('error: unexpected failure');
    return ExitCode.Failure;
  }
}

/** Renders any failure, an SDK error included, with the hints the run's settings give. */
async function renderWithSdk(error: unknown, ctx: CliContext, scrub: (text: string) => string) {
  const [{ renderError }, { deploymentOf }] = await Promise.all([
    import('../errors/render.js'),
    import('../errors/deployment-hints.js'),
  ]);
  // The settings, to name them in hints; none when they are what failed.
  const deployment = await ctx.settings().then(deploymentOf, () => undefined);
  return renderError(error, {
    verbose: ctx.globals.verbose,
    scrub,
    given: ctx.given,
    envToken: ctx.env['AGENT_CLI_TOKEN'] !== undefined,
    deployment,
  });
}

/**
 * The actions of the run of `ctx`: each parses its flags, then runs with the context of what the
 * command was given; a failure is reported with that context (so it names the flags typed).
 */
export function bindTo(ctx: CliContext): Bind {
  return (parse, run) =>
    async (...action) => {
      const command = action.at(-1) as Command;
      const commandCtx = ctx.withGiven(givenOf(command));
      try {
        await run(commandCtx, parse(rawInput(command)));
      } catch (error) {
        const { ExitWith } = await import('../errors/cli-errors.js');
        throw new ExitWith(await report(error, commandCtx));
      }
    };
}

/** The string value of option `name` (undefined when not given). */
export function textOption(raw: RawInput, name: string): string | undefined {
  const value = raw.opts[name];
  return typeof value === 'string' ? value : undefined;
}

/** Whether the boolean option `name` was given. */
export function flagOption(raw: RawInput, name: string): boolean {
  return raw.opts[name] === true;
}

/** The string values of the repeatable option `name` (undefined when not given). */
export function listOption(raw: RawInput, name: string): string[] | undefined {
  const value = raw.opts[name];
  return Array.isArray(value) ? value.map(String) : undefined;
}

/** Positional argument `index` (commander has checked that required ones are there). */
export function argument(raw: RawInput, index: number): string {
  return String(raw.args[index] ?? '');
}

/** The number value of option `name` (parsed by its commander parser; undefined when not given). */
export function numberOption(raw: RawInput, name: string): number | undefined {
  const value = raw.opts[name];
  return typeof value === 'number' ? value : undefined;
}

/** The parse function of a command that takes no options of its own. */
export function noOptions(_raw: RawInput): Record<string, never> {
  return {};
}

/** `fields` without the options that were not given (undefined), as optional properties want. */
export function omitUndefined<T extends object>(fields: { [K in keyof T]-?: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;
}
