import type { Profile } from './config.js';
import { UsageError } from './errors.js';
import type { GlobalOptions } from './globals.js';

/** Where a setting came from, for `whoami` and `config list`. */
export type Source = 'flag' | 'env' | 'profile' | 'default';

/** The settings of one run: flags > `AGENT_CLI_*` environment > profile > defaults. */
export interface Settings {
  profile: string;
  baseUrl: string | undefined;
  baseUrlSource: Source;
  org: string | undefined;
  orgSource: Source;
  /** `AGENT_CLI_TOKEN`, which wins over the profile's stored token. */
  envToken: string | undefined;
  /** Timeout per attempt in ms (`--timeout`, `AGENT_CLI_TIMEOUT`); the SDK's default otherwise. */
  timeout: number | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

function pick(flag: string | undefined, env: string | undefined, profile: string | undefined) {
  if (flag) return { value: flag, source: 'flag' as const };
  if (env) return { value: env, source: 'env' as const };
  if (profile) return { value: profile, source: 'profile' as const };
  return { value: undefined, source: 'default' as const };
}

/** The profile to use: `--profile`, `AGENT_CLI_PROFILE`, the one `config use` chose, or `default`. */
export function profileName(globals: GlobalOptions, env: Env, current: string | undefined): string {
  return globals.profile || env['AGENT_CLI_PROFILE'] || current || 'default';
}

/** Resolves base URL, org and token by precedence. */
export function resolveSettings(globals: GlobalOptions, env: Env, name: string, profile: Profile): Settings {
  const baseUrl = pick(globals.baseUrl, env['AGENT_CLI_BASE_URL'], profile.baseUrl);
  const org = pick(globals.org, env['AGENT_CLI_ORG'], profile.org);
  return {
    profile: name,
    baseUrl: baseUrl.value,
    baseUrlSource: baseUrl.source,
    org: org.value,
    orgSource: org.source,
    envToken: env['AGENT_CLI_TOKEN'] || undefined,
    timeout: parseTimeout(globals.timeout ?? env['AGENT_CLI_TIMEOUT']),
  };
}

/** `--timeout` / `AGENT_CLI_TIMEOUT`: a positive whole number of milliseconds. */
function parseTimeout(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new UsageError(`--timeout must be a positive whole number of milliseconds, got "${value}"`);
  }
  return ms;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Checks a base URL: http(s) only, and plain `http://` only to loopback (127.0.0.0/8, localhost,
 * [::1]) unless `insecure`, because the token and password would cross the network in clear.
 * @throws {@link UsageError} naming `--base-url`.
 */
export function checkBaseUrl(value: string, insecure: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`--base-url must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname) && !insecure) {
    throw new UsageError(
      `refusing plain http:// to ${url.hostname}: the token would travel unencrypted (use https://, or --insecure)`,
    );
  }
  return value;
}

/** The base URL to call, checked. @throws {@link UsageError} when none is configured. */
export function requireBaseUrl(settings: Settings, insecure: boolean): string {
  if (!settings.baseUrl) {
    throw new UsageError(
      'no base URL: pass --base-url, set AGENT_CLI_BASE_URL, or run: agent-cli config set base-url <url>',
    );
  }
  return checkBaseUrl(settings.baseUrl, insecure);
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
