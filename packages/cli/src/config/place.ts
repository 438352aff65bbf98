import { existsSync, lstatSync, mkdirSync, renameSync, type Stats, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { UsageError } from '../errors/usage-error.js';
import { printable } from '../terminal/printable.js';

/** The variable by which a user accepts a config directory or file that others can write. */
export const TRUST_VAR = 'AGENT_CLI_TRUST_CONFIG_DIR';

/**
 * Where the config file lives: a directory, or why there is no safe one (the config is then
 * empty, and writing it is refused with that reason). `trusted`: the user accepted a directory or
 * file that other users can write ({@link TRUST_VAR}). `legacy`: where an older version kept it.
 */
export type ConfigPlace =
  | { dir: string; trusted: boolean; legacy?: string | undefined }
  | { dir: undefined; problem: string };

type Env = Readonly<Record<string, string | undefined>>;

/**
 * `AGENT_CLI_CONFIG_DIR`, else the platform's user config directory, as conf (env-paths) names it:
 * `$XDG_CONFIG_HOME/agent-cli` or `~/.config/agent-cli` on Linux, `~/Library/Preferences/agent-cli`
 * on macOS, `%APPDATA%\agent-cli\Config` on Windows (older versions: `%APPDATA%\agent-cli`, moved
 * once, see {@link moveLegacyFile}). Only absolute paths count: a relative `XDG_CONFIG_HOME` is
 * ignored (as the XDG spec says), an empty or relative `HOME` leaves no place (the file, and its
 * token, would follow the working directory), and a relative `AGENT_CLI_CONFIG_DIR` is a usage error.
 */
export function configPlace(env: Env, platform: string): ConfigPlace {
  const trust = env[TRUST_VAR];
  if (trust !== undefined && trust !== '0' && trust !== '1') {
    throw new UsageError(`${TRUST_VAR} must be 1 or 0, got "${printable(trust)}"`);
  }
  const trusted = trust === '1';
  const explicit = env['AGENT_CLI_CONFIG_DIR'];
  if (explicit !== undefined) {
    if (explicit === '') throw new UsageError('AGENT_CLI_CONFIG_DIR is empty: give a value or leave it out');
    if (!isAbsolute(explicit)) {
      throw new UsageError(`AGENT_CLI_CONFIG_DIR must be an absolute path, got "${printable(explicit)}"`);
    }
    return { dir: explicit, trusted };
  }
  const appData = env['APPDATA'];
  if (platform === 'win32' && appData && isAbsolute(appData)) {
    const legacy = join(appData, 'agent-cli');
    return { dir: join(legacy, 'Config'), trusted, legacy };
  }
  const xdg = env['XDG_CONFIG_HOME'];
  if (platform !== 'win32' && platform !== 'darwin' && xdg && isAbsolute(xdg)) {
    return { dir: join(xdg, 'agent-cli'), trusted };
  }
  const home = homeOf(env, platform);
  if (typeof home !== 'string') return { dir: undefined, problem: home.problem };
  if (platform === 'darwin') return { dir: join(home, 'Library', 'Preferences', 'agent-cli'), trusted };
  if (platform === 'win32') {
    const legacy = join(home, 'AppData', 'Roaming', 'agent-cli');
    return { dir: join(legacy, 'Config'), trusted, legacy };
  }
  return { dir: join(home, '.config', 'agent-cli'), trusted };
}

/** The user's home directory (`HOME`, else the account's), or what is wrong with it. */
function homeOf(env: Env, platform: string): string | { problem: string } {
  const given = platform === 'win32' ? undefined : env['HOME'];
  let home: string;
  try {
    // node:os only without HOME: os.homedir() gives HOME when it is set.
    home = given ?? process.getBuiltinModule('node:os').homedir();
  } catch {
    return { problem: 'HOME is not set and the account has no home directory' };
  }
  if (home === '') return { problem: 'HOME is empty' };
  if (!isAbsolute(home)) return { problem: `HOME is not an absolute path ("${printable(home)}")` };
  return home;
}

/**
 * Moves `config.json` from where an older version kept it to `place`, once: only when the new place
 * has none. @returns what to tell the user, or `undefined` when nothing moved.
 */
export function moveLegacyFile(place: ConfigPlace): string | undefined {
  if (place.dir === undefined || place.legacy === undefined) return undefined;
  const from = join(place.legacy, 'config.json');
  const to = join(place.dir, 'config.json');
  if (existsSync(to) || !existsSync(from)) return undefined;
  mkdirSync(place.dir, { recursive: true, mode: 0o700 });
  renameSync(from, to);
  return `moved the config file from ${from} to ${to} (where agent-cli keeps it now)`;
}

/** Why a file or directory with these stats is not safe to take settings from, if it is not. */
function unsafeReason(stats: Stats, uid: number): string | undefined {
  if (stats.uid !== uid) return `it is owned by user id ${stats.uid}, not by you (${uid})`;
  const writable = stats.mode & 0o022;
  if (writable !== 0) {
    const who = writable === 0o022 ? 'group and others' : writable === 0o020 ? 'group' : 'others';
    return `it is writable by ${who} (mode ${(stats.mode & 0o7777).toString(8).padStart(4, '0')})`;
  }
  return undefined;
}

/**
 * Refuses a config directory or file that another user owns or can write: they could point the
 * user's next `login` at their own server, or read the tokens. Skipped where there are no user ids
 * (Windows: the folder's ACLs decide) and when the user set {@link TRUST_VAR}=1.
 * @throws {@link UsageError} naming the path and the reason.
 */
export function checkOwner(path: string, stats: Stats, what: 'directory' | 'file', trusted: boolean): void {
  const uid = process.getuid?.();
  if (uid === undefined || trusted) return;
  const reason = unsafeReason(stats, uid);
  if (reason === undefined) return;
  throw new UsageError(
    `refusing the config ${what} ${printable(path)}: ${reason}, so another user could change where your password and tokens go. Use a directory only you can write (chmod 700), or set ${TRUST_VAR}=1 if you trust everyone who can write it`,
  );
}

/**
 * Checks an existing config directory (and, when it is a symlink, the link itself): owned by the
 * user and writable by no one else. A missing one is fine (it is created 0700).
 * @throws {@link UsageError} naming the path and the reason.
 */
export function checkDir(dir: string, trusted: boolean): void {
  let link: Stats;
  try {
    link = lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new UsageError(
      `cannot read the config directory ${dir} (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  if (link.isSymbolicLink()) {
    const uid = process.getuid?.();
    if (!trusted && uid !== undefined && link.uid !== uid) {
      checkOwner(dir, link, 'directory', trusted);
    }
    checkOwner(dir, statSync(dir), 'directory', trusted);
    return;
  }
  checkOwner(dir, link, 'directory', trusted);
}
