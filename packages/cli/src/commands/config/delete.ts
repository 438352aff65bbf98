import type { Command } from 'commander';
import { checkProfileName } from '../../config/run-settings.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors/usage-error.js';
import { argument, type Bind, flagOption, type RawInput } from '../../startup/actions.js';
import { printData, printDone } from '../../terminal/output.js';

/** `agent-cli config delete <profile>`. */
export function registerDelete(group: Command, bind: Bind): void {
  group
    .command('delete')
    .description('Delete a profile, its settings and its stored token')
    .argument('<profile>', 'profile name')
    .option('--force', 'delete it even when it is the current profile')
    .addHelpText('after', '\nExample:\n  $ agent-cli config delete staging')
    .action(bind(parseDeleteOptions, runDelete));
}

/** Options of `config delete`. */
export interface DeleteOptions {
  name: string;
  force: boolean;
}

export function parseDeleteOptions(raw: RawInput): DeleteOptions {
  const name = argument(raw, 0);
  checkProfileName(name, 'config delete');
  return { name, force: flagOption(raw, 'force') };
}

export async function runDelete(ctx: CliContext, { name, force }: DeleteOptions): Promise<void> {
  const config = await ctx.config();
  const names = config.names();
  if (!names.includes(name)) {
    const known = names.join(', ') || 'none yet';
    throw new UsageError(`no profile "${name}" (profiles: ${known})`);
  }
  // With no `config use`, runs use "default": that one is current then.
  if ((config.currentProfile() ?? 'default') === name && !force) {
    throw new UsageError(
      `profile "${name}" is the current one: run agent-cli config use <other profile> first, or pass --force`,
    );
  }
  const hadToken = config.stored(name)['token'] !== undefined;
  await config.deleteProfile(name);
  printDone(ctx, `Deleted profile "${name}"${hadToken ? ' (and its stored token)' : ''}`);
  const current = config.currentProfile() ?? 'default';
  if (ctx.globals.json) printData(ctx, { profile: name, deleted: true, current }, () => '');
}
