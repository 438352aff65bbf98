import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { StoredToken, TokenStore } from '@credential-agent/sdk';

/** What a profile holds. The token is a secret: it is never printed. */
export interface Profile {
  baseUrl?: string | undefined;
  org?: string | undefined;
  email?: string | undefined;
  token?: StoredToken | undefined;
}

interface ConfigData extends Record<string, unknown> {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

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
  /** A token store that keeps the profile's token in the config file. */
  tokenStore(name: string): TokenStore;
}

/** Profile names are also file keys and shell words: keep them simple. */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** `AGENT_CLI_CONFIG_DIR`, else the platform's user config directory + `agent-cli`. */
export function configDir(env: Readonly<Record<string, string | undefined>>, platform: string): string {
  const explicit = env['AGENT_CLI_CONFIG_DIR'];
  if (explicit) return explicit;
  if (platform === 'win32' && env['APPDATA']) return join(env['APPDATA'], 'agent-cli');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'agent-cli');
  return join(env['XDG_CONFIG_HOME'] || join(homedir(), '.config'), 'agent-cli');
}

function withoutUndefined(profile: Profile): Profile {
  return Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)) as Profile;
}

/** Reads the config file as conf writes it; a missing file is an empty configuration. */
function readData(path: string): ConfigData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw error;
  }
  try {
    const data = JSON.parse(text) as Partial<ConfigData>;
    return { ...data, profiles: { ...data.profiles } };
  } catch {
    throw new Error(`the config file ${path} is not valid JSON: fix or remove it`);
  }
}

/** conf, for writing: the directory is made private (0700), the file written atomically with mode 0600. */
async function openWriter(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const { default: Conf } = await import('conf');
  return new Conf<ConfigData>({
    cwd: dir,
    configName: 'config',
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
    defaults: { profiles: {} },
  });
}

/**
 * Opens the config file `config.json` in `dir`. Reading is a plain JSON parse; conf (and its
 * schema validator, a large part of start-up) loads only when something is written.
 */
export async function openConfig(dir: string): Promise<ConfigStore> {
  const path = join(dir, 'config.json');
  let data = readData(path);
  let writer: ReturnType<typeof openWriter> | undefined;
  const write = async (key: 'profiles' | 'currentProfile', value: ConfigData[typeof key]) => {
    writer ??= openWriter(dir);
    const conf = await writer;
    conf.set(key, value);
    data = { ...conf.store, profiles: { ...conf.store.profiles } };
  };
  const profiles = (): Record<string, Profile> => ({ ...data.profiles });
  const update = (name: string, patch: Partial<Profile>): Promise<void> => {
    const all = profiles();
    all[name] = withoutUndefined({ ...all[name], ...patch });
    return write('profiles', all);
  };
  return {
    path,
    currentProfile: () => data.currentProfile,
    useProfile: (name) => write('currentProfile', name),
    profile: (name) => profiles()[name] ?? {},
    profiles,
    updateProfile: update,
    tokenStore: (name) => ({
      get: () => profiles()[name]?.token,
      set: (token) => update(name, { token }),
      clear: async () => {
        if (profiles()[name]?.token) await update(name, { token: undefined });
      },
    }),
  };
}
