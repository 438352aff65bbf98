import { execFileSync } from 'node:child_process';

/** A local user account, by ids. */
export interface LocalUser {
  name: string;
  uid: number;
  gid: number;
}

/** Why tests with other local users are skipped here, or `undefined` when they can run. */
export const noOtherUsers: string | undefined =
  process.platform === 'win32'
    ? 'Windows has no user ids'
    : process.getuid?.() !== 0
      ? 'needs root to create users and run as them (useradd, spawn with uid/gid)'
      : undefined;

/**
 * The local user `name` (a system account with no home and no shell), created when missing. Runs
 * as it are spawned with its `uid`/`gid` (libuv drops the supplementary groups, as `setpriv` does).
 */
export function localUser(name: string): LocalUser {
  const ids = () => ({
    name,
    uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name], {
        stdio: 'ignore',
      });
    } catch {
      // Created by a run of another test file at the same time.
    }
    return ids();
  }
}
