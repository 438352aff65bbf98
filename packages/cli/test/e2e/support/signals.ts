import { readFileSync } from 'node:fs';

/**
 * Whether process `pid` runs the CLI's program: it handles SIGHUP (SigCgt bit 0). The program
 * listens for SIGINT, SIGTERM and SIGHUP together (src/bin.ts), SIGHUP last. SIGINT's bit says
 * nothing: Node installs a handler of its own for SIGINT and SIGTERM at start, before any
 * JavaScript runs (it resets the terminal and dies by the signal), and a test that signalled the
 * CLI on that bit, under load, killed it before its program had loaded (input-wait.test.ts's
 * signal-every-millisecond case: died by SIGINT in CI).
 */
export function runsProgram(pid: number): boolean {
  try {
    const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return mask !== undefined && (BigInt(`0x${mask}`) & 1n) !== 0n;
  } catch {
    return false;
  }
}
