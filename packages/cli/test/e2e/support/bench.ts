import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEMO_USER,
  type RunningSandbox,
  type StartSandboxOptions,
  startSandbox,
} from '@credential-agent/sandbox';
import { afterAll, beforeAll, expect } from 'vitest';
import { BIN, ensureBuilt } from './build.js';

/** What a spawned `agent-cli` printed and how it ended. */
export interface BinRun {
  stdout: string;
  stderr: string;
  code: number | null;
}

/**
 * How to spawn: extra environment (a key set to `undefined` is left out), stdin text (stdin is
 * closed after it, unless `keepStdinOpen`), and the working directory.
 */
export interface SpawnOptions {
  env?: Record<string, string | undefined>;
  stdin?: string | Uint8Array;
  keepStdinOpen?: boolean;
  cwd?: string;
  /** Run as another local user (root only; see `users.ts`). */
  as?: { uid: number; gid: number };
  /** A file descriptor for the child's stdout (`/dev/full`), instead of a pipe the bench reads. */
  stdout?: number;
}

/** The end-to-end bench of one test file: a sandbox on loopback and a private config dir. */
export interface E2E {
  readonly sandbox: () => RunningSandbox;
  readonly configDir: () => string;
  /** The environment every spawn gets: base URL, org, config dir, no colour settings inherited. */
  env(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv;
  /** Spawns the built binary (no shell) and collects its output. */
  run(args: string[], options?: SpawnOptions): Promise<BinRun>;
  /** Spawns the built binary and hands back the child, for signals. */
  spawn(args: string[], options?: SpawnOptions): { child: ChildProcess; done: Promise<BinRun> };
  /** Asserts that no token the sandbox issued and not the password appear in any output so far. */
  expectNoSecretsInOutput(): void;
}

/** Starts the sandbox on 127.0.0.1:0 for the file, builds the binary if needed, tracks all output. */
export function useE2E(options: StartSandboxOptions = {}): E2E {
  let running: RunningSandbox | undefined;
  let dir = '';
  const outputs: string[] = [];
  const issued = new Set<string>();
  beforeAll(async () => {
    ensureBuilt();
    running = await startSandbox({ ...options, port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'agent-cli-e2e-'));
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const sandbox = () => {
    if (!running) throw new Error('sandbox not started');
    return running;
  };
  const env = (extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv => {
    const base: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: dir, AGENT_CLI_CONFIG_DIR: dir };
    base['AGENT_CLI_BASE_URL'] = sandbox().url;
    for (const [k, v] of Object.entries(extra)) base[k] = v;
    return base;
  };
  const spawnBin = (args: string[], options: SpawnOptions = {}) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: env(options.env),
      stdio: ['pipe', options.stdout ?? 'pipe', 'pipe'],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.as === undefined ? {} : { uid: options.as.uid, gid: options.as.gid }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    if (options.stdin !== undefined) child.stdin?.write(options.stdin);
    if (!options.keepStdinOpen) child.stdin?.end();
    const done = new Promise<BinRun>((resolve) => {
      child.on('close', (code) => {
        outputs.push(stdout, stderr);
        for (const token of sandbox().sandbox.state.tokens.keys()) issued.add(token);
        resolve({ stdout, stderr, code });
      });
    });
    return { child, done };
  };
  return {
    sandbox,
    configDir: () => dir,
    env,
    run: (args, options) => spawnBin(args, options).done,
    spawn: spawnBin,
    expectNoSecretsInOutput: () => {
      const all = outputs.join('\n');
      expect(outputs.length).toBeGreaterThan(0);
      expect(issued.size).toBeGreaterThan(0);
      expect(all).not.toContain(DEMO_USER.password);
      for (const key of [sandbox().sandbox.agentKey, sandbox().sandbox.passwordKey]) {
        if (key !== undefined) expect(all.includes(key), 'a key appeared in the output').toBe(false);
      }
      for (const token of issued) expect(all.includes(token), 'a token appeared in the output').toBe(false);
    },
  };
}
