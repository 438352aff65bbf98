import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { printDone } from '../../output.js';
import { checkBaseUrl } from '../../run-settings.js';
import { CONFIG_KEYS, type ConfigKey, parseKey } from './keys.js';

/** `agent-cli config set <key> <value>`. */
export function registerSet(group: Command, ctx: CliContext): void {
  group
    .command('set')
    .description(`Store a setting in the profile (${Object.keys(CONFIG_KEYS).join(', ')})`)
    .argument('<key>', 'base-url or org', parseKey)
    .argument('<value>', 'the value')
    .addHelpText(
      'after',
      '\nExample:\n  $ agent-cli config set base-url https://agent.example.com --profile staging',
    )
    .action((key: ConfigKey, value: string) => runSet(ctx, key, value));
}

export async function runSet(ctx: CliContext, key: ConfigKey, value: string): Promise<void> {
  if (key === 'base-url') checkBaseUrl(value, ctx.globals.insecure);
  const [settings, config] = await Promise.all([ctx.settings(), ctx.config()]);
  await config.updateProfile(settings.profile, { [CONFIG_KEYS[key]]: value });
  printDone(ctx, `${key} = ${value} (profile "${settings.profile}")`);
}
