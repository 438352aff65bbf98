import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SOURCE_CONDITION } from '../../../scripts/source-condition.mjs';

/** What the child is asked to do: `credentials.list()` against `baseUrl`. */
export interface ChildArgs {
  baseUrl: string;
  /** Which fetch the client gets: Node's, the CLI's `node:http` one, or one that ignores signals. */
  fetch: 'default' | 'node' | 'deaf';
  timeout?: number | false;
  maxResponseBytes?: number;
  /** Aborts the call's signal after this many ms. */
  abortAfterMs?: number;
  /** Exit once the result is printed, instead of waiting for the process to end by itself. */
  exitWhenDone?: boolean;
}

/** What the child printed. */
export type ChildResult =
  | { outcome: 'ok'; records: number; maxRssMb: number }
  | { outcome: 'error'; name: string; message: string; maxRssMb: number };

/** The child's result, and whether it went on running once it had printed it (a leaked socket or timer). */
export interface ChildRun {
  result: ChildResult | undefined;
  /** True when the child had to be killed: the call never ended, or something kept the process alive. */
  killed: boolean;
  stderr: string;
}

const SCRIPT = fileURLToPath(new URL('./child-call.ts', import.meta.url));

/**
 * Runs {@link ChildArgs} in `node --expose-gc` (garbage collection forced every 50 ms) and waits
 * for the process to end by itself; after `killAfterMs` it is killed and reported as such. The
 * limit is a guard against a hang, not a measurement.
 */
export function runChild(args: ChildArgs, killAfterMs = 60_000): Promise<ChildRun> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', `--conditions=${SOURCE_CONDITION}`, '--import', 'tsx', SCRIPT, JSON.stringify(args)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const guard = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, killAfterMs);
    child.on('close', () => {
      clearTimeout(guard);
      const line = stdout.trim().split('\n').pop();
      resolve({ result: line ? (JSON.parse(line) as ChildResult) : undefined, killed, stderr });
    });
  });
}
