// Where the launcher keeps the program's code cache (program-loader.ts): a directory only the user
// can write. V8 runs whatever compiled code it is given for a file of the right length, whoever
// wrote it, so a cache in a place another user can write (such as Node's own default for its
// compile cache, the shared `$TMPDIR/node-compile-cache`) lets that user run code as this one. The cache goes under the user's cache directory instead
// (`$XDG_CACHE_HOME/agent-cli/compile-cache`, else `~/.cache/agent-cli/compile-cache`; on Windows
// `%LOCALAPPDATA%\agent-cli\compile-cache`), created 0700, and only when that directory and every
// directory above it is safe: owned by the user or root, and writable by no one else (a directory
// others may write to, such as /tmp, only if sticky, so no one else can rename what is in it).
// Nothing is created under a directory another user owns (root run by sudo without -H, with the
// user's HOME, would leave a root-owned cache the user cannot use or remove).
// Anything else means no cache: the CLI starts a little slower and runs the same.
import { existsSync, lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

// node:os is taken only when HOME is not set (os.homedir() gives HOME when it is), and then when the
// directory is looked for, not when the module loads: the launcher bundles this module, and
// `--version` loads no Node module it does not use (node:os cost it about 0.1× of `node -e 0`;
// docs/performance.md).
const homedir = () => process.getBuiltinModule('node:os').homedir();

const GROUP_OR_OTHER_WRITE = 0o022;
const STICKY = 0o1000;

/** The private compile cache directory for this user, created if missing; undefined when unsafe. */
export function privateCompileCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const uid = process.getuid?.();
  const xdg = env['XDG_CACHE_HOME'];
  // An empty or relative HOME would put the cache under the working directory: no cache then.
  const home = env['HOME'];
  if (
    uid !== undefined &&
    !(xdg !== undefined && isAbsolute(xdg)) &&
    home !== undefined &&
    !isAbsolute(home)
  ) {
    return undefined;
  }
  try {
    // homedir() throws for a user with no HOME and no entry in the passwd file (a CI container
    // started with --user N and a clean environment): no cache then, the program runs all the same.
    const base =
      uid === undefined
        ? (env['LOCALAPPDATA'] ?? join(homedir(), 'AppData', 'Local'))
        : xdg !== undefined && isAbsolute(xdg)
          ? xdg
          : join(home ?? homedir(), '.cache');
    const dir = join(base, 'agent-cli', 'compile-cache');
    if (uid === undefined) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      return realpathSync(dir);
    }
    const checked = checkedNearest(base, dir, uid);
    if (checked === undefined) return undefined;
    if (checked.isDir) return checked.real; // there already, and checked: the run of every day
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const real = realpathSync(dir);
    return onlyWritableBy(real, uid) ? real : undefined;
  } catch {
    return undefined; // no home, a read-only file system: no cache
  }
}

/**
 * The real path of the nearest existing directory at or above `dir` (and whether it is `dir`
 * itself), when `dir` may be used or created under `base` by `uid`, checked before anything is
 * made: the CLI's own directories under `base` are directories, not links another user left there,
 * and that directory and every one above it can be changed by `uid` (or root) alone.
 */
function checkedNearest(
  base: string,
  dir: string,
  uid: number,
): { real: string; isDir: boolean } | undefined {
  for (const own of [join(base, 'agent-cli'), dir]) {
    const found = lstatSync(own, { throwIfNoEntry: false });
    if (found && !found.isDirectory()) return undefined;
  }
  let path = dir;
  while (!existsSync(path) && dirname(path) !== path) path = dirname(path);
  const real = realpathSync(path);
  return onlyWritableBy(real, uid) ? { real, isDir: path === dir } : undefined;
}

/** Whether `stat` is of something `uid` owns and no one else may write (group and others cannot). */
export function ownedAlone(stat: { uid: number; mode: number }, uid: number): boolean {
  return stat.uid === uid && (stat.mode & GROUP_OR_OTHER_WRITE) === 0;
}

/** Whether `dir` (a real path) and every directory above it can be changed by `uid` (or root) alone. */
export function onlyWritableBy(dir: string, uid: number): boolean {
  for (let path = dir; ; path = dirname(path)) {
    const stat = lstatSync(path);
    if (!stat.isDirectory()) return false;
    // Above `dir`, root's directories and shared ones that are sticky (/tmp) are fine too.
    const above =
      (stat.uid === uid || stat.uid === 0) &&
      ((stat.mode & GROUP_OR_OTHER_WRITE) === 0 || (stat.mode & STICKY) !== 0);
    if (!(path === dir ? ownedAlone(stat, uid) : above)) return false;
    if (dirname(path) === path) return true;
  }
}
