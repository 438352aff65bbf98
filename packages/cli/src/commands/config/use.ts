import type { Command } from 'commander';
import { argument, type Bind, type RawInput } from '../../actions.js';
import type { CliContext } from '../../context.js';
import { printData, printDone } from '../../output.js';
import { checkProfileName } from '../../run-settings.js';
import { viewOf } from './list.js';

/** `agent-cli config use <profile>`. */
export function registerUse(group: Command, bind: Bind): void {
  group
    .command('use')
    .description('Make a profile the current one (created when new)')
    .argument('<profile>', 'profile name')
    .addHelpText('after', '\nExample:\n  $ agent-cli config use staging')
    .action(bind(parseUseOptions, runUse));
}

/** Options of `config use`. */
export interface UseOptions {
  name: string;
}

export function parseUseOptions(raw: RawInput): UseOptions {
  const name = argument(raw, 0);
  checkProfileName(name, 'config use');
  return { name };
}

export async function runUse(ctx: CliContext, { name }: UseOptions): Promise<void> {
  const config = await ctx.config();
  const created = !config.names().includes(name);
  await config.useProfile(name);
  printDone(ctx, `Using profile "${name}"${created ? ' (new)' : ''}`);
  if (ctx.globals.json) {
    printData(ctx, { profile: name, created, ...viewOf(config.salvage(name)) }, () => '');
  }
}
