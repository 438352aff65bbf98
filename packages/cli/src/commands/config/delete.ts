import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { printData, printDone } from '../../output.js';
import { checkProfileName } from '../../run-settings.js';

/** `agent-cli config delete <profile>`. */
export function registerDelete(group: Command, ctx: CliContext): void {
  group
    .command('delete')
    .description('Delete a profile, its settings and its stored token')
    .argument('<profile>', 'profile name')
    .option('--force', 'delete it even when it is the current profile')
    .addHelpText('after', '\nExample:\n  $ agent-cli config delete staging')
    .action((name: string, opts: { force?: boolean }) => runDelete(ctx, name, opts));
}

export async function runDelete(ctx: CliContext, name: string, opts: { force?: boolean }): Promise<void> {
  checkProfileName(name, 'config delete');
  const config = await ctx.config();
  const profiles = config.profiles();
  const profile = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  if (profile === undefined) {
    const known = Object.keys(profiles).join(', ') || 'none yet';
    throw new UsageError(`no profile "${name}" (profiles: ${known})`);
  }
  // With no `config use`, runs use "default": that one is current then.
  if ((config.currentProfile() ?? 'default') === name && !opts.force) {
    throw new UsageError(
      `profile "${name}" is the current one: run agent-cli config use <other profile> first, or pass --force`,
    );
  }
  await config.deleteProfile(name);
  printDone(ctx, `Deleted profile "${name}"${profile.token ? ' (and its stored token)' : ''}`);
  const current = config.currentProfile() ?? 'default';
  if (ctx.globals.json) printData(ctx, { profile: name, deleted: true, current }, () => '');
}
