import { execFileSync } from 'node:child_process';
import { type Output, type RunOptions, run } from './process.js';

/**
 * Why tests that need two real users are skipped here, or undefined when they can run: they
 * switch user with `setpriv`, which takes root.
 */
export const otherUsersUnavailable: string | undefined = (() => {
  if (process.getuid?.() !== 0) return 'needs root to run commands as other users (setpriv)';
  try {
    execFileSync('setpriv', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'needs setpriv (util-linux) to run commands as other users';
  }
})();

/** Two user ids no account uses, for a victim and an attacker (setpriv needs no account). */
export const VICTIM = 47_101;
export const ATTACKER = 47_102;

/** Runs a command as `uid` (group `uid`, no supplementary groups) with exactly `env`. */
export function runAs(
  uid: number,
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<Output> {
  const ids = [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups'];
  return run('setpriv', [...ids, command, ...args], options);
}
