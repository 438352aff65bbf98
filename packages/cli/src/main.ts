import { type Command, CommanderError } from 'commander';
import { type ContextInit, createContext } from './context.js';
import { ExitCode } from './errors/exit-codes.js';
import { bindTo, report } from './startup/actions.js';
import { commandWord, helpAsFlag } from './startup/argv.js';
import { createProgram, groupsFor, loadGroups } from './startup/program.js';
import { readRootOptions } from './startup/root-options.js';

/** Commander's ways of saying "I printed what was asked": help and version. */
const COMMANDER_OK = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

function commanderExit(error: CommanderError): ExitCode {
  if (COMMANDER_OK.has(error.code) && error.exitCode === 0) return ExitCode.Ok;
  return ExitCode.Usage;
}

const HELP_FLAGS = new Set(['--help', '-h']);

/**
 * argv without its help flags when they ask for the help of a command that does not exist
 * (`help nosuch`, `credentials lisst --help`), so commander reports the unknown command (exit 2)
 * instead of printing the help of the group above it; argv itself otherwise.
 */
function unknownHelpTarget(program: Command, argv: readonly string[]): readonly string[] {
  if (!argv.some((arg) => HELP_FLAGS.has(arg))) return argv;
  let command = program;
  let rest = argv;
  for (;;) {
    const { word, index } = commandWord(rest);
    if (word === undefined || word === 'help' || command.commands.length === 0) return argv;
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) return argv.filter((arg) => !HELP_FLAGS.has(arg));
    command = next;
    rest = rest.slice(index + 1);
  }
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
    await program.parseAsync([...unknownHelpTarget(program, argv)], { from: 'user' });
    return ExitCode.Ok;
  } catch (error) {
    if (error instanceof CommanderError) return commanderExit(error);
    return report(error, ctx);
  }
}
