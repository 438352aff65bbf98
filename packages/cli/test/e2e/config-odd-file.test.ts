import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

// Issue 20 item 3: a config.json that is not a regular file, or is empty, or starts with a BOM.
const e2e = useE2E();

/** `agent-cli config get org` with its own config dir; killed if it hangs (a FIFO once did). */
async function configGet(prepare: (file: string) => void) {
  const dir = join(e2e.configDir(), `odd-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { mode: 0o700 });
  const file = join(dir, 'config.json');
  prepare(file);
  const { child, done } = e2e.spawn(['config', 'get', 'org'], { env: { AGENT_CLI_CONFIG_DIR: dir } });
  const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    return { file, result: await done };
  } finally {
    clearTimeout(guard);
  }
}

describe('a config.json that is not a plain JSON file', { timeout: 60_000 }, () => {
  it('a FIFO is refused in one line naming the file, without waiting for a writer', async () => {
    const { file, result } = await configGet((path) => execFileSync('mkfifo', ['-m', '600', path]));
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/not a regular file/);
  });

  it('a directory is refused naming the file (not a bare EISDIR)', async () => {
    const { file, result } = await configGet((path) => mkdirSync(path, { mode: 0o700 }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/is a directory, not a regular file/);
    expect(result.stderr).not.toMatch(/EISDIR/);
  });

  it('an empty file is named as empty', async () => {
    const { file, result } = await configGet((path) => writeFileSync(path, '', { mode: 0o600 }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/is empty/);
  });

  it('a UTF-8 BOM before the JSON is accepted', async () => {
    const { result } = await configGet((path) =>
      writeFileSync(path, '\uFEFF{"profiles":{"default":{"org":"bom-org"}}}', { mode: 0o600 }),
    );
    expect(result).toMatchObject({ code: 0, stdout: 'bom-org\n' });
  });
});
