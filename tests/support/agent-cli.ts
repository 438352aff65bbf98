/**
 * The shipped `agent-cli` bin, spawned as a user runs it: a private, empty config directory per
 * test (removed afterwards), nothing inherited from the test's environment but `PATH`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { BIN, ensureBuilt } from '../../packages/cli/test/e2e/support/build.js';

/** What a spawned `agent-cli` printed and how it ended. */
export interface CliRun {
  stdout: string;
  stderr: string;
  code: number;
}

/** A config directory and the bin run in it. */
export interface CliHome {
  readonly dir: string;
  /** Runs the bin with `env` (a key set to `undefined` is left out) and `stdin`. */
  run(args: readonly string[], env?: Record<string, string | undefined>, stdin?: string): Promise<CliRun>;
  /** The config file's text ('' when there is none). */
  configText(): string;
}

/** Builds the bin when needed; {@link CliHomes.home} gives each test a fresh config directory. */
export interface CliHomes {
  home(): CliHome;
}

export function useCliHomes(): CliHomes {
  const dirs: string[] = [];
  beforeAll(() => ensureBuilt(), 180_000);
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  afterAll(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    home: () => {
      const dir = mkdtempSync(join(tmpdir(), 'agent-cli-lines-'));
      dirs.push(dir);
      const run = (args: readonly string[], extra: Record<string, string | undefined> = {}, stdin = '') =>
        new Promise<CliRun>((resolve) => {
          const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: dir, AGENT_CLI_CONFIG_DIR: dir };
          for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
          const child = execFile(process.execPath, [BIN, ...args], { env }, (error, stdout, stderr) => {
            const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
            resolve({ stdout, stderr, code });
          });
          child.stdin?.end(stdin);
        });
      const configText = () => {
        try {
          return readFileSync(join(dir, 'config.json'), 'utf8');
        } catch {
          return '';
        }
      };
      return { dir, run, configText };
    },
  };
}
