import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';

/** The first line of a small system file, or null where it cannot be read. */
export const firstLine = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8').trim() || null;
  } catch {
    return null;
  }
};

/** This process's pid namespace (Linux), or null. */
export function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/** This machine's id, or null. */
export const machineId = (): string | null =>
  firstLine('/etc/machine-id') ?? firstLine('/var/lib/dbus/machine-id');

/** This boot's id (Linux), or null. */
export const bootId = (): string | null => firstLine('/proc/sys/kernel/random/boot_id');

/** The start time of a process (field 22 of `/proc/<pid>/stat`), so a reused pid is told apart. */
export function startTime(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Where this process's pids mean something, as 12 hex digits: a digest of the machine id, the boot
 * id and the pid namespace. Two processes with the same place can check each other's pids; a
 * container or another machine sharing a directory has another place. Null where any part is
 * unknown (not Linux).
 */
export function pidPlace(): string | null {
  const parts = [machineId(), bootId(), pidNamespace()];
  if (parts.some((part) => part === null)) return null;
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12);
}

/**
 * Whether `pid` still runs the process that started at `start` (a reused pid is another process).
 * A process of another user (EPERM) counts as running; an unknown start time (not Linux, an older
 * agent-cli) trusts the pid alone.
 */
export function processAlive(pid: number, start: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTime(pid);
  return start === null || now === null || now === start;
}
