import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { StoredToken, TokenStore } from '@credential-agent/sdk';
import { withConfigLock } from './config-lock.js';
import { brokenProfileMessage, checkProfiles, salvage } from './config-profiles.js';
import {
  type ConfigData,
  ConfigFileSchema,
  firstIssue,
  headerUnsafeChar,
  type Profile,
} from './config-schema.js';
import { CliFailure, UsageError } from './errors.js';
import { printable } from './printable.js';

export { PROFILE_NAME, type Profile } from './config-schema.js';

/** The persisted configuration: profiles and the current one. */
export interface ConfigStore {
  /** The config file (or, when there is no safe place for one, why). */
  readonly path: string;
  /** @throws {@link UsageError} when there is no safe place to write the file (see {@link configPlace}). */
  checkWritable(): void;
  /** The profile `config use` selected, if any. */
  currentProfile(): string | undefined;
  useProfile(name: string): Promise<void>;
  /** The profile (empty when missing). @throws {@link UsageError} naming the broken field when it is broken. */
  profile(name: string): Profile;
  /** The valid profiles. */
  profiles(): Record<string, Profile>;
  /** All profile names in the file, broken ones included. */
  names(): string[];
  /** The broken profiles: name → the broken field and what is wrong with it. */
  broken(): Record<string, string>;
  /** What repair commands (logout, config set/unset/delete, login) use: the profile's valid fields. */
  salvage(name: string): Profile;
  /** The fields the file holds for the profile, valid or not. */
  stored(name: string): Readonly<Record<string, unknown>>;
  /** Sets the given fields; a field set to `undefined` is removed. */
  updateProfile(name: string, patch: Partial<Profile>): Promise<void>;
  /** Removes a profile (and forgets it as the current one). */
  deleteProfile(name: string): Promise<void>;
  /** A token store that keeps the profile's token, tagged with the base URL that issued it. */
  tokenStore(name: string, baseUrl: string): TokenStore;
}

/**
 * Where the config file lives: a directory, or why there is no safe one (the config is then
 * empty, and writing it is refused with that reason).
 */
export type ConfigPlace = { dir: string } | { dir: undefined; problem: string };

/**
 * `AGENT_CLI_CONFIG_DIR`, else the platform's user config directory + `agent-cli`. Only absolute
 * paths count: a relative `XDG_CONFIG_HOME` is ignored (as the XDG spec says), an empty or relative
 * `HOME` leaves no place (the file, and its token, would follow the working directory), and a
 * relative `AGENT_CLI_CONFIG_DIR` is a usage error.
 */
export function configPlace(
  env: Readonly<Record<string, string | undefined>>,
  platform: string,
): ConfigPlace {
  const explicit = env['AGENT_CLI_CONFIG_DIR'];
  if (explicit !== undefined) {
    if (explicit === '') throw new UsageError('AGENT_CLI_CONFIG_DIR is empty: give a value or leave it out');
    if (!isAbsolute(explicit)) {
      throw new UsageError(`AGENT_CLI_CONFIG_DIR must be an absolute path, got "${printable(explicit)}"`);
    }
    return { dir: explicit };
  }
  const appData = env['APPDATA'];
  if (platform === 'win32' && appData && isAbsolute(appData)) return { dir: join(appData, 'agent-cli') };
  const xdg = env['XDG_CONFIG_HOME'];
  if (platform !== 'win32' && platform !== 'darwin' && xdg && isAbsolute(xdg)) {
    return { dir: join(xdg, 'agent-cli') };
  }
  const home = homeOf(env, platform);
  if (typeof home !== 'string') return { dir: undefined, problem: home.problem };
  return {
    dir:
      platform === 'darwin'
        ? join(home, 'Library', 'Preferences', 'agent-cli')
        : join(home, '.config', 'agent-cli'),
  };
}

/** The user's home directory (`HOME`, else the account's), or what is wrong with it. */
function homeOf(
  env: Readonly<Record<string, string | undefined>>,
  platform: string,
): string | { problem: string } {
  const given = platform === 'win32' ? undefined : env['HOME'];
  let home: string;
  try {
    home = given ?? homedir();
  } catch {
    return { problem: 'HOME is not set and the account has no home directory' };
  }
  if (home === '') return { problem: 'HOME is empty' };
  if (!isAbsolute(home)) return { problem: `HOME is not an absolute path ("${printable(home)}")` };
  return home;
}

/** Whether `value` can be sent as (part of) an HTTP header value. */
const inHeader = (value: string) => value !== '' && headerUnsafeChar(value) === undefined;

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
 * Opens the config file `config.json` in the place's directory. Every write takes a lock
 * (proper-lockfile), reads the file again and changes only what it means to change, so two runs at
 * once keep both changes. With no safe place, the config is empty and every write is refused.
 */
export async function openConfig(place: ConfigPlace): Promise<ConfigStore> {
  const { dir } = place;
  const path = dir === undefined ? `(none: ${place.problem})` : join(dir, 'config.json');
  const checkWritable = () => {
    if (place.dir === undefined) {
      throw new UsageError(
        `${place.problem}: refusing to keep the config file (and its token) under the working directory; set HOME or AGENT_CLI_CONFIG_DIR to an absolute path`,
      );
    }
  };
  let data: ConfigData = dir === undefined ? { profiles: {} } : readData(path);
  const mutate = async (change: (fresh: ConfigData) => void): Promise<void> => {
    checkWritable();
    ensureDir(dir as string);
    await withConfigLock(path, () => {
      const fresh = readData(path);
      change(fresh);
      writeData(path, fresh);
      data = fresh;
      checked = checkProfiles(data.profiles);
    });
  };
  let checked = checkProfiles(data.profiles);
  const profiles = (): Record<string, Profile> => ({ ...checked.good });
  const stored = (name: string): Record<string, unknown> => {
    const value = Object.hasOwn(data.profiles, name) ? data.profiles[name] : undefined;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  };
  const update = (name: string, patch: Partial<Profile>) =>
    mutate((fresh) => {
      const old = fresh.profiles[name];
      const base = typeof old === 'object' && old !== null && !Array.isArray(old) ? old : {};
      fresh.profiles[name] = withoutUndefined({ ...(base as Profile), ...patch });
    });
  return {
    path,
    checkWritable,
    currentProfile: () => data.currentProfile,
    useProfile: (name) =>
      mutate((fresh) => {
        fresh.profiles[name] ??= {};
        fresh.currentProfile = name;
      }),
    profile: (name) => {
      const problem = checked.broken[name];
      if (problem !== undefined) throw new UsageError(brokenProfileMessage(path, name, problem));
      return profiles()[name] ?? {};
    },
    profiles,
    names: () => Object.keys(data.profiles),
    broken: () => ({ ...checked.broken }),
    salvage: (name) => salvage(stored(name)),
    stored,
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
      set: (token) => {
        if (!inHeader(token.accessToken) || !inHeader(token.tokenType)) {
          throw new CliFailure(
            'the service answered a token that cannot be sent in an HTTP header: nothing was stored',
          );
        }
        return update(name, { token: { ...token, issuedBy: baseUrl } });
      },
      clear: async () => {
        if (stored(name)['token'] !== undefined) await update(name, { token: undefined });
      },
    }),
  };
}
