import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, DEMO_ORG_ID, type Sandbox, type SandboxOptions } from '@credential-agent/sandbox';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type CliRun, type RunOptions, runCli } from './run-cli.js';

/** A loopback base URL, so no --insecure is needed; msw answers it in-process. */
export const BASE_URL = 'http://localhost:4010';

/** The in-process test bench of one test file. */
export interface Bench {
  readonly sandbox: Sandbox;
  /** The temporary config dir of the current test. */
  configDir(): string;
  /** The environment of a run: the sandbox's base URL, the demo org and the test's config dir. */
  env(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
  /** Runs the CLI signed in through `AGENT_CLI_TOKEN`. */
  run(argv: string[], options?: RunOptions): Promise<CliRun>;
  /** Runs the CLI without a token. */
  runAnonymous(argv: string[], options?: RunOptions): Promise<CliRun>;
}

/**
 * Serves the sandbox's handlers through msw for the file's tests (unhandled requests fail), gives
 * every test a fresh sandbox state and its own config directory.
 */
export function useSandbox(options: SandboxOptions = {}): Bench {
  const sandbox = createSandbox({ ...options, baseUrl: BASE_URL });
  const server = setupServer(...sandbox.handlers);
  let dir = '';
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agent-cli-test-'));
  });
  afterEach(() => {
    server.resetHandlers();
    sandbox.reset();
    rmSync(dir, { recursive: true, force: true });
  });
  const env = (extra: Record<string, string | undefined> = {}) => ({
    AGENT_CLI_BASE_URL: BASE_URL,
    AGENT_CLI_ORG: DEMO_ORG_ID,
    AGENT_CLI_CONFIG_DIR: dir,
    // Bulk runs register their journals per user: each test keeps its own registry, so parallel test
    // files sending to the same holders are not one user's overlapping runs (and CI's home stays clean).
    XDG_STATE_HOME: join(dir, 'state'),
    ...extra,
  });
  return {
    sandbox,
    configDir: () => dir,
    env,
    run: (argv, options = {}) =>
      runCli(argv, { ...options, env: env({ AGENT_CLI_TOKEN: sandbox.issueToken(), ...options.env }) }),
    runAnonymous: (argv, options = {}) => runCli(argv, { ...options, env: env(options.env) }),
  };
}

/** Parses the stdout of a `--json` run. */
export function json<T = unknown>(result: CliRun): T {
  return JSON.parse(result.stdout) as T;
}
