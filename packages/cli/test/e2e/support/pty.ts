import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Whether util-linux `script` is installed (the pty tests are skipped without it). */
export const hasScript = spawnSync('script', ['--version']).status === 0;

/** What a command printed on its pseudo-terminal, and whether it had to be killed. */
export interface PtyRun {
  output: string;
  /** Why the run was stopped from outside: it outlived the hard limit, or printed too much. */
  killed: 'timeout' | 'too much output' | undefined;
}

/** Output beyond this is a runaway (a redraw loop), not a command's answer. */
const MAX_OUTPUT = 256 * 1024;

/** The processes under `pid` (Linux /proc), children first listed after their parent. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const found: number[] = [];
  for (let i = -1; i < found.length; i++) {
    const parent = i < 0 ? pid : (found[i] ?? pid);
    for (const [child, ppid] of parents) if (ppid === parent) found.push(child);
  }
  return found;
}

/**
 * Runs `sh -c command` on a pseudo-terminal of its own (`script -qc`; stdin is a pipe, so the
 * pty starts at 0×0 until `stty` sets a size). The run is killed after `limitMs` or once it
 * prints more than 256 KB, so a hang fails the test instead of hanging it. `answer` writes a line
 * to the terminal once the output shows `when`. A killed run's processes are killed too.
 */
export function runInPty(
  command: string,
  env: NodeJS.ProcessEnv,
  options: { limitMs: number; answer?: { when: string; text: string } },
): Promise<PtyRun> {
  const child = spawn('script', ['-qc', command, '/dev/null'], { env, stdio: 'pipe' });
  let output = '';
  let killed: PtyRun['killed'];
  let answered = false;
  const stop = (why: NonNullable<PtyRun['killed']>) => {
    if (killed !== undefined || child.pid === undefined) return;
    killed = why;
    // A runaway command ignores the hang-up that script's end sends it: kill it by pid.
    for (const pid of [...descendants(child.pid), child.pid]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  const timer = setTimeout(() => stop('timeout'), options.limitMs);
  child.stdout.on('data', (chunk: Buffer) => {
    if (output.length > MAX_OUTPUT) return stop('too much output');
    output += chunk.toString('utf8');
    const { answer } = options;
    if (answer && !answered && output.includes(answer.when)) {
      answered = true;
      child.stdin.write(answer.text);
    }
  });
  return new Promise((resolve) => {
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ output: output.slice(0, MAX_OUTPUT), killed });
    });
  });
}

/** `text` without terminal escape sequences (CSI, OSC) nor carriage returns. */
export function withoutEscapes(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what is removed
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007|\r/g, '');
}

/** Resolves once `condition` holds; throws after `limitMs`. */
export async function until(condition: () => boolean, limitMs = 30_000): Promise<void> {
  for (const start = Date.now(); !condition(); ) {
    if (Date.now() - start > limitMs) throw new Error('the awaited condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
