import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ORG_ID, type RunningSandbox, type Sandbox } from '@credential-agent/sandbox';
import { ensureBuilt as buildOnce } from '../e2e/support/build.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

const CLI_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** The shipped binary (package.json `bin`); BULK_TEST_BIN runs these tests against another build. */
export const BIN = process.env['BULK_TEST_BIN'] ?? join(CLI_DIR, 'dist/agent-cli.cjs');

/**
 * Builds the CLI when its binary is missing or older than its sources, under the one build lock the
 * end-to-end tests share (two test files building at once left a dist without its bin). Another
 * build (BULK_TEST_BIN) is taken as it is.
 */
export function ensureBuilt(): void {
  if (process.env['BULK_TEST_BIN'] === undefined) buildOnce();
  else if (!existsSync(BIN)) throw new Error(`BULK_TEST_BIN ${BIN} does not exist`);
}

/** A running `agent-cli offers email --csv …` process, with what it printed so far. */
export interface CliProcess {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exit: Promise<number | null>;
}

/** The indy flags every bulk run of these tests uses. */
export const INDY_FLAGS = ['--credential-type', 'indy', '--cred-def-id', 'cred-def'];

/** Where a bulk run sends: the sandbox, or a hostile server with a token of its own. */
export type BulkTarget = Pick<RunningSandbox, 'url'> & { sandbox: Pick<Sandbox, 'issueToken'> };

/**
 * Starts `agent-cli offers email --csv <argv…>` against `running`; the config dir is `configDir`.
 * `umask` (octal) runs it under that umask through the shell; `wrap` runs it through a command
 * (`unshare -m sh -c '… && exec "$0" "$@"'`) that ends by executing its arguments.
 */
export function startBulk(
  running: BulkTarget,
  configDir: string,
  argv: string[],
  options: { umask?: string; env?: Record<string, string | undefined>; wrap?: string[] } = {},
): CliProcess {
  const env = {
    PATH: process.env['PATH'],
    AGENT_CLI_BASE_URL: running.url,
    AGENT_CLI_ORG: DEMO_ORG_ID,
    AGENT_CLI_TOKEN: running.sandbox.issueToken(),
    AGENT_CLI_CONFIG_DIR: configDir,
    // The per-user lock directory of the runs sharing this config dir, removed with it.
    XDG_STATE_HOME: join(configDir, 'state'),
    ...options.env,
  };
  const args = [BIN, 'offers', 'email', '--csv', ...argv];
  const [wrapper, ...wrapArgs] = options.wrap ?? [];
  const child = wrapper
    ? spawn(wrapper, [...wrapArgs, process.execPath, ...args], { env })
    : options.umask
      ? spawn('sh', ['-c', `umask ${options.umask} && exec "$0" "$@"`, process.execPath, ...args], { env })
      : spawn(process.execPath, args, { env });
  const run: CliProcess = {
    child,
    stdout: '',
    stderr: '',
    exit: new Promise((resolve) => child.once('close', (code) => resolve(code))),
  };
  child.stdout?.on('data', (chunk) => {
    run.stdout += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    run.stderr += String(chunk);
  });
  return run;
}

/** Waits (polling) until `condition` holds. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The e-mail addresses of `holderLines(count)`. */
export function holderEmails(count: number, from = 1): string[] {
  return Array.from({ length: count }, (_, i) => `holder${from + i}@example.com`);
}

/**
 * A run of `rows` holders (two requests at a time) against a sandbox whose POSTs take `ms`,
 * returned once its first two requests have arrived (or it ended).
 */
export async function runUnderway(rows: number, ms: number) {
  const running = await sandboxAgent({ faults: [{ kind: 'latency', method: 'POST', path: '/orgs', ms }] });
  const dir = await tempDir();
  const csv = await writeCsv(dir, holderLines(rows));
  const config = join(dir, 'config');
  const argv = [csv, ...INDY_FLAGS, '--concurrency', '2'];
  const first = startBulk(running, config, argv);
  await until(() => running.sandbox.requestCount('POST', '/orgs') >= 2 || first.child.exitCode !== null);
  return { running, sandbox: running.sandbox, config, argv, first };
}
