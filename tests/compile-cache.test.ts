import { mkdtemp, readdir, rm } from 'node:fs/promises';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from './support/packages.js';
import { node } from './support/process.js';

// The installed bin turns on Node's compile cache where Node has it (22.1 and later): CI runs this
// file on Node 22 and 24 too (.ci/run). On Node 20 there is nothing to check.
const bin = join(root, 'packages/cli/bin/agent-cli.cjs');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

describe.skipIf(!hasCompileCache)('the compile cache', () => {
  it('agent-cli caches its compiled bundle in the temporary directory, and not when disabled', async () => {
    await ensureBuilt();
    // NODE_COMPILE_CACHE alone would turn the cache on: the default place is what the CLI chooses.
    const temp = await mkdtemp(join(tmpdir(), 'agent-cli-cache-'));
    dirs.push(temp);
    const cache = join(temp, 'node-compile-cache');
    const env = { PATH: process.env['PATH'], HOME: temp, AGENT_CLI_CONFIG_DIR: temp, TMPDIR: temp };

    await node([bin, 'config', 'list'], { env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(await files(cache)).toEqual([]);
    const { stdout } = await node([bin, 'config', 'list'], { env });
    expect(stdout).not.toBe('');
    expect((await files(cache)).length).toBeGreaterThan(0);
  });
});
