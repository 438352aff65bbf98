import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  type Stats,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import type { StoredToken, TokenStore } from '@credential-agent/sdk';
import { CliFailure } from '../errors/cli-errors.js';
import { UsageError } from '../errors/usage-error.js';
import { withConfigLock } from './lock.js';
import { type ConfigPlace, checkDir, checkOwner, moveLegacyFile } from './place.js';
import { brokenProfileMessage, checkProfiles, salvage } from './profiles.js';
import { type ConfigData, ConfigFileSchema, firstIssue, headerUnsafeChar, type Profile } from './schema.js';

export { type ConfigPlace, configPlace } from './place.js';
export { PROFILE_NAME, type Profile } from './schema.js';

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
  /**
   * A token store that keeps the agent's token (line 2.1) in the profile, tagged with the agent URL
   * that issued it and the tenant it is for: it hands it back for those only.
   */
  agentTokenStore(name: string, agentUrl: string, tenantId: string | undefined): TokenStore;
}

/** Whether `value` can be sent as (part of) an HTTP header value. */
const inHeader = (value: string) => value !== '' && headerUnsafeChar(value) === undefined;

function withoutUndefined(profile: Profile): Profile {
  return Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)) as Profile;
}

/**
 * Reads the config file, checked: owned by the user and writable by no one else (see
 * {@link checkOwner}); a missing file is an empty configuration.
 */
function readText(path: string, trusted: boolean): string | undefined {
  let fd: number;
  try {
    // Non-blocking, so a FIFO cannot hold the open (SIGTERM cannot end a synchronous open).
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Unreadable: say so, or that it is another user's.
    if ((error as NodeJS.ErrnoException).code === 'EACCES') checkOwner(path, statSync(path), 'file', trusted);
    throw new UsageError(`cannot read the config file ${path} (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      throw new UsageError(`the config file ${path} ${kindOf(stats)}, not a regular file: remove it`);
    }
    checkOwner(path, stats, 'file', trusted);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** What a file that is not a regular file is, for the message refusing it. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'is a directory';
  if (stats.isFIFO()) return 'is a FIFO (named pipe)';
  if (stats.isSocket()) return 'is a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'is a device';
  return 'is special';
}

/** The config file's text, parsed and checked. @throws {@link UsageError} naming the file and the field. */
function parseData(path: string, text: string): ConfigData {
  // A UTF-8 BOM (some Windows editors write one) is not part of the JSON.
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new UsageError(`the config file ${path} is empty: fix or remove it`);
  let json: unknown;
  try {
    json = JSON.parse(body);
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

function readData(path: string, trusted: boolean): ConfigData {
  const text = readText(path, trusted);
  return text === undefined ? { profiles: {} } : parseData(path, text);
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
 * Opens the config file `config.json` in the place's directory, refusing a directory or file that
 * another user owns or can write. Reads are plain JSON (start-up never loads conf). Every write
 * takes the lock (proper-lockfile), opens a fresh conf (which reads the file again), changes only
 * what it means to change and writes, so two runs at once keep both changes. With no safe place,
 * the config is empty and every write is refused. `note` is told once when the file was moved
 * from where an older version kept it.
 */
export async function openConfig(
  place: ConfigPlace,
  note: (line: string) => void = () => {},
): Promise<ConfigStore> {
  const { dir } = place;
  const path = dir === undefined ? `(none: ${place.problem})` : join(dir, 'config.json');
  const checkWritable = () => {
    if (place.dir === undefined) {
      throw new UsageError(
        `${place.problem}: refusing to keep the config file (and its token) under the working directory; set HOME or AGENT_CLI_CONFIG_DIR to an absolute path`,
      );
    }
  };
  const trusted = place.dir !== undefined && place.trusted;
  if (dir !== undefined) {
    const moved = moveLegacyFile(place);
    if (moved !== undefined) note(moved);
    checkDir(dir, trusted);
  }
  let data: ConfigData = dir === undefined ? { profiles: {} } : readData(path, trusted);
  const mutate = async (change: (fresh: ConfigData) => void): Promise<void> => {
    checkWritable();
    // An existing directory keeps its mode; a new one is made 0700. Checked again: it may have
    // been made since the file was read.
    mkdirSync(dir as string, { recursive: true, mode: 0o700 });
    checkDir(dir as string, trusted);
    const { openConf } = await import('./conf.js');
    await withConfigLock(path, () => {
      readText(path, trusted);
      const conf = openConf(path, (text) => parseData(path, text));
      // conf reads a missing file as {}.
      const read: Partial<ConfigData> = conf.store;
      const fresh: ConfigData = { ...read, profiles: read.profiles ?? Object.create(null) };
      change(fresh);
      conf.store = fresh;
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
  /**
   * A store of the token in `field` of profile `name`, written with `binding` (who issued it, for
   * whom) and handed back only when `owns` accepts the stored binding.
   */
  const boundStore = (
    name: string,
    field: 'token' | 'agentToken',
    binding: { issuedBy: string; tenantId?: string },
    owns: (stored: { issuedBy: string; tenantId?: string | undefined }) => boolean,
  ): TokenStore => ({
    get: (): StoredToken | undefined => {
      const token = profiles()[name]?.[field];
      const issuedBy = token?.issuedBy;
      return issuedBy !== undefined && owns({ ...token, issuedBy }) ? token : undefined;
    },
    set: (token) => {
      if (!inHeader(token.accessToken) || !inHeader(token.tokenType)) {
        throw new CliFailure(
          'the service answered a token that cannot be sent in an HTTP header: nothing was stored',
        );
      }
      return update(name, { [field]: { ...token, ...binding } });
    },
    clear: async () => {
      if (stored(name)[field] !== undefined) await update(name, { [field]: undefined });
    },
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
    tokenStore: (name, baseUrl) =>
      boundStore(name, 'token', { issuedBy: baseUrl }, (t) => sameBaseUrl(t.issuedBy, baseUrl)),
    agentTokenStore: (name, agentUrl, tenantId) =>
      boundStore(
        name,
        'agentToken',
        { issuedBy: agentUrl, ...(tenantId === undefined ? {} : { tenantId }) },
        (t) => sameBaseUrl(t.issuedBy, agentUrl) && t.tenantId === tenantId,
      ),
  };
}
