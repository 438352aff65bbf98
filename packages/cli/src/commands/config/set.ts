import type { Command } from 'commander';
import { agentLineRule, isAgentLineSetting, TENANT_ID, TENANT_ID_RULE } from '../../config/agent-settings.js';
import { sameBaseUrl } from '../../config/file.js';
import { checkBaseUrl, checkHeaderValue, parseBoolean } from '../../config/run-settings.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors/usage-error.js';
import { argument, type Bind, type RawInput } from '../../startup/actions.js';
import { printData, printDone, printWarning } from '../../terminal/output.js';
import { readSecretStdin } from '../../terminal/secret-stdin.js';
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
  $ agent-cli config set agent-url https://agent.internal.example.com
  $ printf '%s' "$AGENT_KEY" | agent-cli config set agent-key -
  $ agent-cli config set agent-line 2.1
  $ agent-cli config set tenant-id 3f1c9a52-7d4e-4b8a-9c61-0e2d5f7a8b94
  $ agent-cli config set insecure true --profile lab

agent-key is bound to the agent URL of the run (set agent-url first): it is sent there only.
agent-line is the agent controller's: 2.0 (the key on every route), 2.1 (the key only at
POST /agent/token, whose token is kept in the profile for that agent URL and tenant) or auto (the
default: found out on the first call). tenant-id names a tenant of a multi-tenant agent (2.1).
insecure true allows plain http:// to a host that is not loopback, as --insecure does.`,
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
  if (key === 'insecure' && parseBoolean(given) === undefined) {
    throw new UsageError(`config set insecure: the value must be true or false, got "${given}"`);
  }
  if (key === 'agent-line' && !isAgentLineSetting(given)) {
    throw new UsageError(`config set agent-line: the value ${agentLineRule(given)}`);
  }
  if (key === 'tenant-id' && !TENANT_ID.test(given)) {
    throw new UsageError(`config set tenant-id: the value must be ${TENANT_ID_RULE}, got "${given}"`);
  }
  return { key, given };
}

export async function runSet(ctx: CliContext, { key, given }: SetOptions): Promise<void> {
  const secret = SECRET_KEYS.has(key);
  const read = given === '-' ? await readSecretStdin(ctx, `config set ${key} -`) : given;
  // A URL is kept without the blanks around it, as `--base-url` and AGENT_CLI_BASE_URL are read.
  const text = key === 'base-url' || key === 'agent-url' ? read.trim() : read;
  const [settings, config] = await Promise.all([ctx.settings({ repair: true }), ctx.config()]);
  if (key === 'base-url' || key === 'agent-url') checkBaseUrl(text, settings.insecure, key);
  if (key === 'agent-key') checkHeaderValue(text, key);
  const value = key === 'insecure' ? parseBoolean(text) : text;
  const stored = config.salvage(settings.profile);
  // A stored agent key belongs to the agent URL of this run: it is sent to that one only.
  let owner = {};
  if (key === 'agent-key') {
    if (settings.agentUrl === undefined) {
      throw new UsageError(
        `agent-key is bound to the agent URL it is stored for, and profile "${settings.profile}" has none: set it first`,
        'agent-cli config set agent-url <url> (or AGENT_CLI_AGENT_URL), then store the key',
      );
    }
    // A token fetched with the key stored before is forgotten with it.
    owner = { agentKeyFor: settings.agentUrl, agentToken: undefined };
  }
  await config.updateProfile(settings.profile, { [CONFIG_KEYS[key]]: value, ...owner });
  printDone(ctx, `${key} = ${secret ? '(set, not shown)' : text} (profile "${settings.profile}")`);
  if (key === 'agent-url' && stored.agentKey !== undefined && stored.agentKeyFor !== undefined) {
    if (!sameBaseUrl(stored.agentKeyFor, text)) {
      printWarning(
        ctx,
        `the agent key of profile "${settings.profile}" was stored for ${stored.agentKeyFor}: it is not sent to ${text}; store the key of this agent: agent-cli config set agent-key -`,
      );
    }
  }
  // As `config get --json` shows it: a secret only as "set".
  if (ctx.globals.json) {
    printData(ctx, { profile: settings.profile, key, value: secret ? 'set' : value }, () => '');
  }
}
