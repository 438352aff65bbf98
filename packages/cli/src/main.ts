import { CommanderError } from 'commander';
import type { CliContext } from './context.js';
import { ExitCode } from './exit-codes.js';
import { createProgram, groupsFor, loadGroups } from './program.js';

/** Commander's ways of saying "I printed what was asked": help and version. */
const COMMANDER_OK = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

function commanderExit(error: CommanderError): ExitCode {
  if (COMMANDER_OK.has(error.code) && error.exitCode === 0) return ExitCode.Ok;
  return ExitCode.Usage;
}

async function report(error: unknown, ctx: CliContext): Promise<ExitCode> {
  try {
    const { renderError } = await import('./errors.js');
    const rendered = renderError(error, {
      verbose: ctx.globals.verbose,
      scrub: (t) => ctx.secrets.scrub(t),
      given: ctx.given,
      envToken: ctx.env['AGENT_CLI_TOKEN'] !== undefined,
    });
    for (const line of rendered.lines) ctx.io.err(line);
    return rendered.code;
  } catch {
    ctx.io.err('error: unexpected failure');
    return ExitCode.Failure;
  }
}

/**
 * Runs the CLI on `argv` (without `node` and the script) and returns the exit code. Never throws:
 * every failure is reported on stderr as one line (plus a hint) and mapped to an exit code.
 */
export async function run(argv: readonly string[], ctx: CliContext): Promise<ExitCode> {
  try {
    const program = createProgram(ctx);
    await loadGroups(program, ctx, groupsFor(argv));
    if (argv[0] === '__complete') {
      const { complete } = await import('./commands/completion/complete.js');
      await complete(program, argv.slice(1), ctx);
      return ExitCode.Ok;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return ExitCode.Ok;
  } catch (error) {
    if (error instanceof CommanderError) return commanderExit(error);
    return report(error, ctx);
  }
}
