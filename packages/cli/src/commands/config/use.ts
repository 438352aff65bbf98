import type { Command } from 'commander';
import { PROFILE_NAME } from '../../config.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { printDone } from '../../output.js';

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
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(`invalid profile name "${name}" (letters, digits, ".", "_", "-")`);
  }
  const config = await ctx.config();
  if (!(name in config.profiles())) await config.updateProfile(name, {});
  await config.useProfile(name);
  printDone(ctx, `Using profile "${name}"`);
}
