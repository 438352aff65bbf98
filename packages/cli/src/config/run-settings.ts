import { emptyError, UsageError } from '../errors/usage-error.js';
import type { GlobalOptions } from '../startup/root-options.js';
import { codePointName } from '../terminal/printable.js';
import { type AgentSettings, agentSettingsOf } from './agent-settings.js';
import {
  hasUserinfo,
  headerUnsafeChar,
  maskUserinfo,
  PROFILE_NAME,
  PROFILE_NAME_RULE,
  type Profile,
} from './schema.js';

/** Where a setting came from, for `whoami` and `config list`. */
export type Source = 'flag' | 'env' | 'profile' | 'default';

/** The settings of one run: flags > `AGENT_CLI_*` environment > profile > defaults. */
export interface Settings extends AgentSettings {
  profile: string;
  baseUrl: string | undefined;
  baseUrlSource: Source;
  /** How the user gave the base URL (`--base-url`, `AGENT_CLI_BASE_URL`, `base-url of profile "p"`). */
  baseUrlName: string;
  org: string | undefined;
  orgSource: Source;
  /** `AGENT_CLI_TOKEN`, which wins over the profile's stored token. */
  envToken: string | undefined;
  /** Timeout per attempt in ms (`--timeout`, `AGENT_CLI_TIMEOUT`); the SDK's default otherwise. */
  timeout: number | undefined;
  /** A separate agent controller (`AGENT_CLI_AGENT_URL`, profile `agent-url`). */
  agentUrl: string | undefined;
  /** How the user gave the agent URL, for messages. */
  agentUrlName: string;
  /** The agent's API key (`AGENT_CLI_AGENT_KEY`, profile `agent-key`): a secret. */
  agentKey: string | undefined;
  /** Where the agent key came from: a profile's key goes only to the agent URL it was stored with. */
  agentKeySource: Source;
  /** The platform's password encryption key (`AGENT_CLI_PASSWORD_KEY`, profile `password-key`). */
  passwordKey: string | undefined;
  /** Plain `http://` to a host that is not loopback allowed (`--insecure`, `AGENT_CLI_INSECURE`, profile `insecure`). */
  insecure: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The variables and flags whose empty (or blank) value is refused rather than taken as "not given". */
const NON_EMPTY_VARS = [
  'AGENT_CLI_BASE_URL',
  'AGENT_CLI_ORG',
  'AGENT_CLI_PROFILE',
  'AGENT_CLI_TIMEOUT',
  'AGENT_CLI_TOKEN',
  'AGENT_CLI_AGENT_URL',
  'AGENT_CLI_AGENT_KEY',
  'AGENT_CLI_PASSWORD_KEY',
  'AGENT_CLI_INSECURE',
  'AGENT_CLI_AGENT_LINE',
  'AGENT_CLI_TENANT_ID',
];
const NON_EMPTY_FLAGS = {
  baseUrl: '--base-url',
  org: '--org',
  profile: '--profile',
  timeout: '--timeout',
  agentLine: '--agent-line',
  tenantId: '--tenant-id',
} as const;

/**
 * Refuses a value that was given empty (`--org ""`, `AGENT_CLI_ORG=`), which would otherwise fall
 * back to the profile's value. @throws {@link UsageError} naming the flag or variable.
 */
export function checkNotEmpty(globals: GlobalOptions, env: Env): void {
  for (const [key, flag] of Object.entries(NON_EMPTY_FLAGS)) {
    const value = globals[key as keyof typeof NON_EMPTY_FLAGS];
    if (value?.trim() === '') throw emptyError(flag);
    // `--org $EMPTY --dry-run`: the option took the next flag as its value (none starts with "-").
    if (flag !== '--timeout' && value?.startsWith('-')) {
      throw new UsageError(
        `${flag} needs a value, got the option "${value}" (an empty variable left unquoted?)`,
      );
    }
  }
  for (const name of NON_EMPTY_VARS) if (env[name]?.trim() === '') throw emptyError(name);
}

function pick(flag: string | undefined, env: string | undefined, profile: string | undefined) {
  if (flag !== undefined) return { value: flag, source: 'flag' as const };
  if (env !== undefined) return { value: env, source: 'env' as const };
  if (profile !== undefined) return { value: profile, source: 'profile' as const };
  return { value: undefined, source: 'default' as const };
}

/** Checks a profile name. @throws {@link UsageError} naming where it came from. */
export function checkProfileName(name: string, given: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(`${given}: invalid profile name "${name}" (${PROFILE_NAME_RULE})`);
  }
  return name;
}

/** The profile to use: `--profile`, `AGENT_CLI_PROFILE`, the one `config use` chose, or `default`. */
export function profileName(globals: GlobalOptions, env: Env, current: string | undefined): string {
  checkNotEmpty(globals, env);
  if (globals.profile !== undefined) return checkProfileName(globals.profile, '--profile');
  const fromEnv = env['AGENT_CLI_PROFILE'];
  if (fromEnv !== undefined) return checkProfileName(fromEnv, 'AGENT_CLI_PROFILE');
  return current ?? 'default';
}

/** Resolves base URL, org and token by precedence. */
export function resolveSettings(globals: GlobalOptions, env: Env, name: string, profile: Profile): Settings {
  checkNotEmpty(globals, env);
  // A space pasted around a URL is not part of it (new URL() drops it too): never stored or sent.
  const baseUrl = pick(globals.baseUrl?.trim(), env['AGENT_CLI_BASE_URL']?.trim(), profile.baseUrl);
  const org = pick(globals.org, env['AGENT_CLI_ORG'], profile.org);
  const names = { flag: '--base-url', env: 'AGENT_CLI_BASE_URL', profile: `base-url of profile "${name}"` };
  const baseUrlName = baseUrl.source === 'default' ? '--base-url' : names[baseUrl.source];
  if (baseUrl.value !== undefined) refuseUserinfo(baseUrl.value, baseUrlName);
  const agentUrl = pick(undefined, env['AGENT_CLI_AGENT_URL'], profile.agentUrl);
  const agentUrlName = agentUrl.source === 'env' ? 'AGENT_CLI_AGENT_URL' : `agent-url of profile "${name}"`;
  if (agentUrl.value !== undefined) refuseUserinfo(agentUrl.value, agentUrlName, true);
  return {
    agentUrl: agentUrl.value,
    agentUrlName,
    // The profile's key is checked with the file (config-schema.ts).
    ...agentKeyOf(env, profile),
    ...agentSettingsOf(globals, env, name, profile),
    passwordKey: pick(undefined, env['AGENT_CLI_PASSWORD_KEY'], profile.passwordKey).value,
    insecure: globals.insecure || (insecureOf(env['AGENT_CLI_INSECURE']) ?? profile.insecure ?? false),
    profile: name,
    baseUrl: baseUrl.value,
    baseUrlSource: baseUrl.source,
    baseUrlName,
    org: org.value,
    orgSource: org.source,
    envToken: checkHeaderValue(env['AGENT_CLI_TOKEN'], 'AGENT_CLI_TOKEN'),
    timeout:
      globals.timeout !== undefined
        ? parseTimeout(globals.timeout, '--timeout')
        : parseTimeout(env['AGENT_CLI_TIMEOUT'], 'AGENT_CLI_TIMEOUT'),
  };
}

/** The value of a boolean setting (`config set insecure true`, `AGENT_CLI_INSECURE=1`), or undefined. */
export function parseBoolean(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  if (word === 'true' || word === '1') return true;
  if (word === 'false' || word === '0') return false;
  return undefined;
}

/** `AGENT_CLI_INSECURE`: 1/true or 0/false. @throws {@link UsageError} naming the variable otherwise. */
function insecureOf(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const parsed = parseBoolean(value);
  if (parsed === undefined)
    throw new UsageError(`AGENT_CLI_INSECURE must be 1 or 0 (true or false), got "${value}"`);
  return parsed;
}

/** The agent key: `AGENT_CLI_AGENT_KEY` (checked), else the profile's. */
function agentKeyOf(env: Env, profile: Profile): Pick<Settings, 'agentKey' | 'agentKeySource'> {
  const fromEnv = checkHeaderValue(env['AGENT_CLI_AGENT_KEY'], 'AGENT_CLI_AGENT_KEY');
  const { value, source } = pick(undefined, fromEnv, profile.agentKey);
  return { agentKey: value, agentKeySource: source };
}

/** A token or key: a header value, so no control character or space (the SDK would fail to send it). */
export function checkHeaderValue(token: string | undefined, name: string): string | undefined {
  const bad = token === undefined ? undefined : headerUnsafeChar(token);
  if (bad === undefined) return token;
  const code = bad.codePointAt(0) ?? 0;
  if (code <= 0x20 || (code >= 0x7f && code < 0xa0)) {
    throw new UsageError(`${name} contains a control character or a space`);
  }
  throw new UsageError(
    `${name} contains a character that cannot go in an HTTP header (${codePointName(bad)})`,
  );
}

/** The longest timer Node keeps: `setTimeout` turns anything longer into 1 ms. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** `--timeout` / `AGENT_CLI_TIMEOUT`: a whole number of milliseconds, 1 to {@link MAX_TIMEOUT_MS}. */
function parseTimeout(value: string | undefined, given: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!/^\d+$/.test(value.trim()) || ms < 1 || ms > MAX_TIMEOUT_MS) {
    throw new UsageError(
      `${given} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got "${value}"`,
    );
  }
  return ms;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** @throws {@link UsageError} when a base URL carries `user:password@`, without echoing it. */
function refuseUserinfo(value: string, given: string, agent = false): void {
  if (hasUserinfo(value)) {
    const fix = agent
      ? `remove them from ${given}; the agent's key goes in agent-key (agent-cli config set agent-key -)`
      : 'sign in with agent-cli login';
    throw new UsageError(
      `${given} must not contain a user name or password (got "${maskUserinfo(value)}"): ${fix}`,
    );
  }
}

/**
 * Checks a base URL: http(s) only, no `user:password@` (it would be printed and logged), and plain
 * `http://` only to loopback (127.0.0.0/8, localhost, [::1]) unless `insecure`, because the token
 * and password would cross the network in clear.
 * @throws {@link UsageError} naming `given` (`--base-url`, `AGENT_CLI_BASE_URL`, …), never echoing a password.
 */
export function checkBaseUrl(value: string, insecure: boolean, given = '--base-url'): string {
  refuseUserinfo(value, given);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${given} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${given} must be an http(s) URL, got "${value}"`);
  }
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(value)) {
    throw new UsageError(`${given}: must not contain a query (?…) or a fragment (#…)`);
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname) && !insecure) {
    throw new UsageError(
      `refusing plain http:// to ${url.hostname}: the token would travel unencrypted (use https://, or allow it: --insecure, AGENT_CLI_INSECURE=1 or agent-cli config set insecure true)`,
    );
  }
  return value;
}

/** The base URL to call, checked. @throws {@link UsageError} when none is configured. */
export function requireBaseUrl(settings: Settings): string {
  if (!settings.baseUrl) {
    throw new UsageError(
      'no base URL: pass --base-url, set AGENT_CLI_BASE_URL, or run: agent-cli config set base-url <url>',
    );
  }
  return checkBaseUrl(settings.baseUrl, settings.insecure, settings.baseUrlName);
}

/** The organisation of an org-scoped command. @throws {@link UsageError} naming `--org`. */
export function requireOrg(settings: Settings): string {
  if (!settings.org) {
    throw new UsageError(
      'missing --org: pass --org <id>, set AGENT_CLI_ORG, or run: agent-cli config set org <id>',
    );
  }
  return settings.org;
}
