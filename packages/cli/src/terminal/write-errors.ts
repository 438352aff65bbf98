/** The parts of a process {@link handleWriteErrors} uses. */
export interface StdProcess {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  exit(code: number): never;
}

/** `cannot write to stdout (ENOSPC)`: how a failing stdout is said. */
export function cannotWriteStdout(error: NodeJS.ErrnoException): string {
  return `cannot write to stdout (${error.code ?? error.message})`;
}

/**
 * What a failing stdout ends the run with: {@link cannotWriteStdout}, and when the service carried
 * out requests that change something (`carriedOut`), that running the command again repeats them.
 */
function stdoutFailed(error: NodeJS.ErrnoException, carriedOut: readonly string[]): string {
  const line = `error: ${cannotWriteStdout(error)}`;
  if (carriedOut.length === 0) return `${line}\n`;
  const several = carriedOut.length > 1;
  const requests = several ? `${carriedOut.slice(0, -1).join(', ')} and ${carriedOut.at(-1)}` : carriedOut[0];
  const what = several
    ? 'were carried out by the service; their answers are lost, and running the command again does them again'
    : 'was carried out by the service; its answer is lost, and running the command again does it again';
  return `${line}: ${requests} ${what}\n`;
}

/** What became of writes to stdout, as {@link handleWriteErrors} saw them. */
export class WriteFailures {
  #holds = 0;
  /** The first failure of stdout other than a closed pipe while it was held. */
  stdout: NodeJS.ErrnoException | undefined;
  /** The requests of the run that changed something on the service, as `POST /schemas`. */
  readonly carriedOut: string[] = [];

  /**
   * Until the returned function is called, a failing stdout does not end the process: the failure
   * is kept in {@link WriteFailures.stdout} for the command to report (a bulk run accounts for its
   * rows first).
   */
  hold(): () => void {
    this.#holds += 1;
    let released = false;
    return () => {
      if (!released) this.#holds -= 1;
      released = true;
    };
  }

  get held(): boolean {
    return this.#holds > 0;
  }
}

/**
 * How failing output ends the run, for the launcher's answers and the program alike: a closed
 * stdout pipe (`agent-cli … | head`) is not an error of ours and is quiet; any other failure (a
 * full disk, /dev/full) is one line on stderr and exit 1, unless a command holds stdout
 * ({@link WriteFailures.hold}). A failing stderr (`2>/dev/full`, `2>&1 | head -1`) never ends the
 * run: progress and messages are lost, the work and its exit code are not. When the service has
 * carried out a request that changes something, the line says so: its answer is what was lost.
 */
export function handleWriteErrors(proc: StdProcess): WriteFailures {
  const failures = new WriteFailures();
  proc.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return;
    if (failures.held) {
      failures.stdout ??= error;
      return;
    }
    try {
      proc.stderr.write(stdoutFailed(error, failures.carriedOut));
    } finally {
      proc.exit(1);
    }
  });
  // What is written to a failed stderr goes nowhere; the listener keeps the failure from ending the run.
  proc.stderr.on('error', () => undefined);
  return failures;
}
