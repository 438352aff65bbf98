import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import type { Bind } from '../../startup/actions.js';
import { printData, printDone } from '../../terminal/output.js';
import { CONFIG_KEYS, type KeyOptions, parseKey, parseKeyOptions } from './keys.js';

/** `agent-cli config unset <key>`. */
export function registerUnset(group: Command, bind: Bind): void {
  group
    .command('unset')
    .description(`Remove a setting from the profile (${Object.keys(CONFIG_KEYS).join(', ')})`)
    .argument('<key>', Object.keys(CONFIG_KEYS).join(', '), parseKey)
    .addHelpText('after', '\nExample:\n  $ agent-cli config unset org --profile staging')
    .action(bind(parseKeyOptions, runUnset));
}

export async function runUnset(ctx: CliContext, { key }: KeyOptions): Promise<void> {
  const [settings, config] = await Promise.all([ctx.settings({ repair: true }), ctx.config()]);
  const field = CONFIG_KEYS[key];
  const removed = config.stored(settings.profile)[field] !== undefined;
  if (removed) {
    await config.updateProfile(settings.profile, {
      [field]: undefined,
      ...(key === 'agent-key' ? { agentKeyFor: undefined, agentToken: undefined } : {}),
    });
    printDone(ctx, `${key} removed (profile "${settings.profile}")`);
  } else {
    ctx.io.err(`${key} was not set in profile "${settings.profile}"`);
  }
  if (ctx.globals.json) printData(ctx, { profile: settings.profile, key, removed }, () => '');
}
