import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { StoredToken, TokenStore } from '@credential-agent/sdk';
import { type ConfigData, ConfigFileSchema, firstIssue, type Profile } from './config-schema.js';
import { UsageError } from './errors.js';

export { PROFILE_NAME, type Profile } from './config-schema.js';

/** The persisted configuration: profiles and the current one. */
export interface ConfigStore {
  /** The config file. */
  readonly path: string;
  /** The profile `config use` selected, if any. */
  currentProfile(): string | undefined;
  useProfile(name: string): Promise<void>;
  profile(name: string): Profile;
  profiles(): Record<string, Profile>;
  /** Sets the given fields; a field set to `undefined` is removed. */
  updateProfile(name: string, patch: Partial<Profile>): Promise<void>;
  /** Removes a profile (and forgets it as the current one). */
  deleteProfile(name: string): Promise<void>;
  /** A token store that keeps the profile's token, tagged with the base URL that issued it. */
  tokenStore(name: string, baseUrl: string): TokenStore;
}

/** `AGENT_CLI_CONFIG_DIR`, else the platform's user config directory + `agent-cli`. */
export function configDir(env: Readonly<Record<string, string | undefined>>, platform: string): string {
  const explicit = env['AGENT_CLI_CONFIG_DIR'];
  if (explicit !== undefined) {
    if (explicit === '') throw new UsageError('AGENT_CLI_CONFIG_DIR is empty: give a value or leave it out');
    return explicit;
  }
  if (platform === 'win32' && env['APPDATA']) return join(env['APPDATA'], 'agent-cli');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'agent-cli');
  return join(env['XDG_CONFIG_HOME'] || join(homedir(), '.config'), 'agent-cli');
}

function withoutUndefined(profile: Profile): Profile {
  return Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)) as Profile;
}

/** Reads and checks the config file; a missing file is an empty configuration. */
function readData(path: string): ConfigData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw new UsageError(`cannot read the config file ${path} (${(error as NodeJS.ErrnoException).code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`the config file ${path} is not valid JSON: fix or remove it`);
  }
  const parsed = ConfigFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new UsageError(
      `the config file ${path} is broken at ${firstIssue(parsed.error)}: fix or remove it`,
    );
  }
  return { ...parsed.data, profiles: Object.assign(Object.create(null), parsed.data.profiles) };
}

/**
 * Writes `data` atomically: a new private (0600) file, created exclusively so that no symlink is
 * followed, renamed over the old one.
 */
function writeData(path: string, data: ConfigData): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, `${JSON.stringify(data, null, '\t')}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/** Makes the directory (0700) when missing; an existing one keeps its mode. */
function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** The same base URL, whatever the trailing slash or letter case of the host. */
export function sameBaseUrl(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const url = new URL(u);
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      return u;
    }
  };
  return norm(a) === norm(b);
}

/**
 * Opens the config file `config.json` in `dir`. Every write takes a lock (proper-lockfile), reads
 * the file again and changes only what it means to change, so two runs at once keep both changes.
 */
export async function openConfig(dir: string): Promise<ConfigStore> {
  const path = join(dir, 'config.json');
  let data = readData(path);
  const mutate = async (change: (fresh: ConfigData) => void): Promise<void> => {
    ensureDir(dir);
    const { default: lockfile } = await import('proper-lockfile');
    const release = await lockfile.lock(path, {
      realpath: false,
      stale: 10_000,
      retries: { retries: 100, minTimeout: 10, maxTimeout: 200 },
    });
    try {
      const fresh = readData(path);
      change(fresh);
      writeData(path, fresh);
      data = fresh;
    } finally {
      await release();
    }
  };
  const profiles = (): Record<string, Profile> => ({ ...data.profiles });
  const update = (name: string, patch: Partial<Profile>) =>
    mutate((fresh) => {
      fresh.profiles[name] = withoutUndefined({ ...fresh.profiles[name], ...patch });
    });
  return {
    path,
    currentProfile: () => data.currentProfile,
    useProfile: (name) =>
      mutate((fresh) => {
        fresh.profiles[name] ??= {};
        fresh.currentProfile = name;
      }),
    profile: (name) => profiles()[name] ?? {},
    profiles,
    updateProfile: update,
    deleteProfile: (name) =>
      mutate((fresh) => {
        delete fresh.profiles[name];
        if (fresh.currentProfile === name) delete fresh.currentProfile;
      }),
    tokenStore: (name, baseUrl) => ({
      get: (): StoredToken | undefined => {
        const token = profiles()[name]?.token;
        return token && token.issuedBy !== undefined && sameBaseUrl(token.issuedBy, baseUrl)
          ? token
          : undefined;
      },
      set: (token) => update(name, { token: { ...token, issuedBy: baseUrl } }),
      clear: async () => {
        if (profiles()[name]?.token) await update(name, { token: undefined });
      },
    }),
  };
}
