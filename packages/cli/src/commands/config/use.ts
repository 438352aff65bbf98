import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { printData, printDone } from '../../output.js';
import { checkProfileName } from '../../run-settings.js';
import { viewOf } from './list.js';

/** `agent-cli config use <profile>`. */
export function registerUse(group: Command, ctx: CliContext): void {
  group
    .command('use')
    .description('Make a profile the current one (created when new)')
    .argument('<profile>', 'profile name')
    .addHelpText('after', '\nExample:\n  $ agent-cli config use staging')
    .action((name: string) => runUse(ctx, name));
}

export async function runUse(ctx: CliContext, name: string): Promise<void> {
  checkProfileName(name, 'config use');
  const config = await ctx.config();
  const created = !Object.hasOwn(config.profiles(), name);
  await config.useProfile(name);
  printDone(ctx, `Using profile "${name}"${created ? ' (new)' : ''}`);
  if (ctx.globals.json) {
    printData(ctx, { profile: name, created, ...viewOf(config.profile(name)) }, () => '');
  }
}
