import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { ExitWith } from '../../errors/cli-errors.js';
import { ExitCode } from '../../errors/exit-codes.js';
import type { Bind } from '../../startup/actions.js';
import { printData } from '../../terminal/output.js';
import { CONFIG_KEYS, type KeyOptions, parseKey, parseKeyOptions, SECRET_KEYS } from './keys.js';

/** `agent-cli config get <key>`. */
export function registerGet(group: Command, bind: Bind): void {
  group
    .command('get')
    .description(`Print a setting of the profile (${Object.keys(CONFIG_KEYS).join(', ')})`)
    .argument('<key>', `${Object.keys(CONFIG_KEYS).join(', ')} (secrets show as "set")`, parseKey)
    .addHelpText(
      'after',
      '\nA setting that is not set: exit 1, and with --json the value null.\n\nExample:\n  $ agent-cli config get base-url --profile staging',
    )
    .action(bind(parseKeyOptions, runGet));
}

export async function runGet(ctx: CliContext, { key }: KeyOptions): Promise<void> {
  const [settings, config] = await Promise.all([ctx.settings(), ctx.config()]);
  const value = config.profile(settings.profile)[CONFIG_KEYS[key]];
  if (value === undefined) {
    // Nothing to show is not a usage error: exit 1 (as `git config --get`), and JSON says null.
    if (ctx.globals.json) printData(ctx, { profile: settings.profile, key, value: null }, () => '');
    ctx.io.err(`${key} is not set in profile "${settings.profile}"`);
    throw new ExitWith(ExitCode.Failure);
  }
  const shown = SECRET_KEYS.has(key) ? 'set' : String(value);
  printData(ctx, { profile: settings.profile, key, value: shown }, (data) => data.value);
}
