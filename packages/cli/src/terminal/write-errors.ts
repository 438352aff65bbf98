/** The parts of a process {@link handleWriteErrors} uses. */
export interface StdProcess {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  exit(code: number): never;
}

/**
 * How a failing stdout ends the run, for the launcher's answers and the program alike (installed
 * once, by the launcher): a closed pipe (`agent-cli … | head`) is not an error of ours and is
 * quiet; any other failure (a full disk, /dev/full) is one line on stderr and exit 1. A failing
 * stderr ends the run with 1.
 */
export function handleWriteErrors(proc: StdProcess): void {
  proc.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return;
    try {
      proc.stderr.write(`error: cannot write to stdout (${error.code ?? error.message})\n`);
    } finally {
      proc.exit(1);
    }
  });
  proc.stderr.on('error', () => proc.exit(1));
}
