import { readFileSync } from 'node:fs';

/** Whether process `pid` has a handler for SIGINT (SigCgt bit 2): the program is loaded and running. */
export function catchesSigint(pid: number): boolean {
  try {
    const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return mask !== undefined && (BigInt(`0x${mask}`) & 2n) !== 0n;
  } catch {
    return false;
  }
}
