import type { Command } from 'commander';
import { checkProfileName } from '../../config/run-settings.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors/usage-error.js';
import { argument, type Bind, flagOption, type RawInput } from '../../startup/actions.js';
import { closest } from '../../startup/closest.js';
import { printData, printDone } from '../../terminal/output.js';
import { viewOf } from './list.js';

/** `agent-cli config use <profile>`. */
export function registerUse(group: Command, bind: Bind): void {
  group
    .command('use')
    .description('Make a profile the current one')
    .argument('<profile>', 'profile name')
    .option('--create', 'create the profile when there is none of that name')
    .addHelpText(
      'after',
      '\nExamples:\n  $ agent-cli config use staging\n  $ agent-cli config use staging --create',
    )
    .action(bind(parseUseOptions, runUse));
}

/** Options of `config use`. */
export interface UseOptions {
  name: string;
  create: boolean;
}

export function parseUseOptions(raw: RawInput): UseOptions {
  const name = argument(raw, 0);
  checkProfileName(name, 'config use');
  return { name, create: flagOption(raw, 'create') };
}

export async function runUse(ctx: CliContext, { name, create }: UseOptions): Promise<void> {
  const config = await ctx.config();
  const names = config.names();
  // "default" is the profile of a run that names none: it exists before anything is stored in it.
  const created = !names.includes(name);
  if (created && !create && name !== 'default') {
    const guess = closest(name, names);
    throw new UsageError(
      `no profile "${name}"${guess ? ` (did you mean "${guess}"?)` : ''}; profiles: ${names.join(', ') || 'none yet'}`,
      `to create it: agent-cli config use ${name} --create`,
    );
  }
  await config.useProfile(name);
  printDone(ctx, `Using profile "${name}"${created ? ' (new)' : ''}`);
  if (ctx.globals.json) {
    printData(ctx, { profile: name, created, ...viewOf(config.salvage(name)) }, () => '');
  }
}
