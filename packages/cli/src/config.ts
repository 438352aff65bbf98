import { chmodSync, mkdirSync } from 'node:fs';
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
  useProfile(name: string): void;
  profile(name: string): Profile;
  profiles(): Record<string, Profile>;
  /** Sets the given fields; a field set to `undefined` is removed. */
  updateProfile(name: string, patch: Partial<Profile>): void;
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

/**
 * Opens (creating when needed) the config file `config.json` in `dir`. The directory is made
 * private (0700) and the file is written atomically with mode 0600, because it holds tokens.
 */
export async function openConfig(dir: string): Promise<ConfigStore> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const { default: Conf } = await import('conf');
  const conf = new Conf<ConfigData>({
    cwd: dir,
    configName: 'config',
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
    defaults: { profiles: {} },
  });
  const profiles = (): Record<string, Profile> => ({ ...conf.get('profiles') });
  const update = (name: string, patch: Partial<Profile>): void => {
    const all = profiles();
    all[name] = withoutUndefined({ ...all[name], ...patch });
    conf.set('profiles', all);
  };
  return {
    path: conf.path,
    currentProfile: () => conf.get('currentProfile'),
    useProfile: (name) => conf.set('currentProfile', name),
    profile: (name) => profiles()[name] ?? {},
    profiles,
    updateProfile: update,
    tokenStore: (name) => ({
      get: () => profiles()[name]?.token,
      set: (token) => update(name, { token }),
      clear: () => {
        if (profiles()[name]?.token) update(name, { token: undefined });
      },
    }),
  };
}
