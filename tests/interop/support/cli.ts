import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { BIN, ensureBuilt } from '../../../packages/cli/test/e2e/support/build.js';
import type { Side } from './network.js';

/** What a spawned `agent-cli` printed and how it ended. */
export interface CliRun {
  stdout: string;
  stderr: string;
  code: number;
}

/** The shipped CLI configured as a user would for one agent: its URL and its key, from the environment. */
export interface Cli {
  env(side: Side): Record<string, string>;
  run(side: Side, args: readonly string[], stdin?: string): Promise<CliRun>;
  /** Runs and parses stdout as JSON; throws with the output when the command failed. */
  json<T>(side: Side, args: readonly string[], stdin?: string): Promise<T>;
}

/** Builds the CLI when needed, and gives each run a private, empty config directory. */
export function useCli(): Cli {
  let dir = '';
  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'agent-cli-interop-'));
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = (side: Side) => ({
    PATH: process.env['PATH'] ?? '',
    HOME: dir,
    AGENT_CLI_CONFIG_DIR: join(dir, side.controller.apiKey),
    AGENT_CLI_BASE_URL: side.controller.url,
    AGENT_CLI_AGENT_URL: side.controller.url,
    AGENT_CLI_AGENT_KEY: side.controller.apiKey,
  });
  const run = (side: Side, args: readonly string[], stdin?: string) =>
    new Promise<CliRun>((resolve) => {
      const child = execFile(
        process.execPath,
        [BIN, ...args],
        { env: env(side) },
        (error, stdout, stderr) => {
          resolve({ stdout, stderr, code: error ? (typeof error.code === 'number' ? error.code : 1) : 0 });
        },
      );
      child.stdin?.end(stdin ?? '');
    });
  return {
    env,
    run,
    json: async <T>(side: Side, args: readonly string[], stdin?: string) => {
      const result = await run(side, args, stdin);
      if (result.code !== 0)
        throw new Error(`agent-cli ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
      return JSON.parse(result.stdout) as T;
    },
  };
}
