import type { Command } from 'commander';
import { argument, type Bind, type RawInput } from '../../actions.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readSecretStdin } from '../../input.js';
import { printData, printDone } from '../../output.js';
import { checkBaseUrl, checkHeaderValue } from '../../run-settings.js';
import { CONFIG_KEYS, type ConfigKey, parseKey, SECRET_KEYS } from './keys.js';

/** `agent-cli config set <key> <value>`. */
export function registerSet(group: Command, bind: Bind): void {
  group
    .command('set')
    .description(`Store a setting in the profile (${Object.keys(CONFIG_KEYS).join(', ')})`)
    .argument('<key>', Object.keys(CONFIG_KEYS).join(', '), parseKey)
    .argument('<value>', 'the value; - reads it from stdin (required for agent-key and password-key)')
    .addHelpText(
      'after',
      `
Examples:
  $ agent-cli config set base-url https://agent.example.com --profile staging
  $ printf '%s' "$AGENT_KEY" | agent-cli config set agent-key -`,
    )
    .action(bind(parseSetOptions, runSet));
}

/** Options of `config set`: the key, and its value or `-` (read it from stdin). */
export interface SetOptions {
  key: ConfigKey;
  given: string;
}

export function parseSetOptions(raw: RawInput): SetOptions {
  const key = parseKey(argument(raw, 0));
  const given = argument(raw, 1);
  if (given.trim() === '') {
    throw new UsageError(
      `config set ${key}: the value is empty (to remove the setting: agent-cli config unset ${key})`,
    );
  }
  if (SECRET_KEYS.has(key) && given !== '-') {
    throw new UsageError(`${key} is a secret: pipe it to stdin instead (agent-cli config set ${key} -)`);
  }
  return { key, given };
}

export async function runSet(ctx: CliContext, { key, given }: SetOptions): Promise<void> {
  const secret = SECRET_KEYS.has(key);
  const value = given === '-' ? await readSecretStdin(ctx, `config set ${key} -`) : given;
  if (key === 'base-url' || key === 'agent-url') checkBaseUrl(value, ctx.globals.insecure, key);
  if (key === 'agent-key') checkHeaderValue(value, key);
  const [settings, config] = await Promise.all([ctx.settings({ repair: true }), ctx.config()]);
  // A stored agent key belongs to the agent URL of this run: it is sent to that one only.
  const owner = key === 'agent-key' ? { agentKeyFor: settings.agentUrl } : {};
  await config.updateProfile(settings.profile, { [CONFIG_KEYS[key]]: value, ...owner });
  printDone(ctx, `${key} = ${secret ? '(set, not shown)' : value} (profile "${settings.profile}")`);
  // As `config get --json` shows it: a secret only as "set".
  if (ctx.globals.json) {
    printData(ctx, { profile: settings.profile, key, value: secret ? 'set' : value }, () => '');
  }
}
