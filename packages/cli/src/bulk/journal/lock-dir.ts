import { mkdir, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { UsageError } from '../../errors/usage-error.js';
import { onlyWritableBy } from '../../startup/compile-cache-dir.js';

/**
 * The user's own lock directory (`$XDG_STATE_HOME/agent-cli/locks`, else
 * `~/.local/state/agent-cli/locks`), created 0700. Locks there are keyed by what a run uses (its
 * journal's device and inode, what it sends), not by a path another name or a rename escapes.
 * @throws {@link UsageError} when it cannot be created or another user could change it.
 */
export async function privateLockDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string> {
  const xdg = env['XDG_STATE_HOME'];
  const base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), '.local', 'state');
  const dir = join(base, 'agent-cli', 'locks');
  const real = await mkdir(dir, { recursive: true, mode: 0o700 })
    .then(() => realpath(dir))
    .catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(
        `cannot create the lock directory ${dir} (set XDG_STATE_HOME to change it): ${error.code ?? error.message}`,
      );
    });
  const uid = process.getuid?.();
  if (uid !== undefined && !onlyWritableBy(real, uid)) {
    throw new UsageError(
      `the lock directory ${dir} (or a directory above it) can be changed by another user: make it yours and 0700, or set XDG_STATE_HOME`,
    );
  }
  return real;
}
