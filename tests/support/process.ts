import { execFile } from 'node:child_process';

/** What a finished command printed. */
export interface Output {
  stdout: string;
  stderr: string;
}

/** Options of {@link run}. */
export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/**
 * Runs a command without a shell and resolves with its output; rejects with an error that
 * includes the command's output, so a failing step says why.
 */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<Output> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr });
        const detail = `${stdout}\n${stderr}`.trim().slice(-4000);
        reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${detail}`));
      },
    );
  });
}

/** Runs `node ...args` with the Node.js that runs the tests. */
export function node(args: readonly string[], options: RunOptions = {}): Promise<Output> {
  return run(process.execPath, args, options);
}
