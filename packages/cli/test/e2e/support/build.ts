import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI_DIR = fileURLToPath(new URL('../../../', import.meta.url));
/** The built binary the end-to-end tests spawn. */
export const BIN = join(CLI_DIR, 'dist', 'agent-cli.cjs');
const SOURCES = [join(CLI_DIR, 'src'), join(CLI_DIR, '..', 'sdk', 'src')];
const LOCK = join(CLI_DIR, 'dist.build-lock');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isFresh(): boolean {
  if (!existsSync(BIN)) return false;
  const built = statSync(BIN).mtimeMs;
  return SOURCES.every((dir) => newestMtime(dir) <= built);
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds `dist/bin.cjs` when it is missing or older than the CLI or SDK sources (CI builds first, so
 * there this is a few stat calls). Test files run in parallel: one builds under a lock directory,
 * the others wait for it.
 */
export function ensureBuilt(): void {
  if (isFresh()) return;
  try {
    mkdirSync(LOCK);
  } catch {
    for (let waited = 0; existsSync(LOCK) && waited < 120_000; waited += 200) sleepSync(200);
    if (!existsSync(BIN)) throw new Error('the parallel build of the CLI failed');
    return;
  }
  try {
    execFileSync('pnpm', ['--filter', '@credential-agent/cli', 'build'], { cwd: CLI_DIR, stdio: 'ignore' });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
