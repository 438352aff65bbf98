import { CommanderError } from 'commander';
import { bindTo, report } from './actions.js';
import { helpAsFlag } from './argv.js';
import { type ContextInit, createContext } from './context.js';
import { ExitCode } from './exit-codes.js';
import { createProgram, groupsFor, loadGroups } from './program.js';
import { readRootOptions } from './root-options.js';

/** Commander's ways of saying "I printed what was asked": help and version. */
const COMMANDER_OK = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

function commanderExit(error: CommanderError): ExitCode {
  if (COMMANDER_OK.has(error.code) && error.exitCode === 0) return ExitCode.Ok;
  return ExitCode.Usage;
}

/**
 * Runs the CLI on `argv` (without `node` and the script) and returns the exit code. Never throws:
 * every failure is reported on stderr as one line (plus a hint) and mapped to an exit code. The
 * context is built once, from the root options read up front, before anything can fail.
 */
export async function run(typed: readonly string[], init: ContextInit): Promise<ExitCode> {
  const argv = helpAsFlag(typed);
  const ctx = await createContext(init, readRootOptions(argv));
  try {
    const bind = bindTo(ctx);
    const program = createProgram(ctx.io, bind);
    await loadGroups(program, bind, groupsFor(argv));
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
