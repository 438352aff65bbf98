import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();

describe('a config file locked by a live run is named with its holder (attack L10)', {
  timeout: 120_000,
}, () => {
  it('config set waits, then names the file, the lock and the holder', async () => {
    const dir = join(e2e.configDir(), 'locked');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: {} }));
    const release = await lockfile.lock(file, { realpath: false, stale: 10_000 });
    writeFileSync(`${file}.lock-owner`, JSON.stringify({ pid: process.pid }));
    try {
      const result = await e2e.run(['config', 'set', 'org', 'o1'], { env: { AGENT_CLI_CONFIG_DIR: dir } });
      expect(result.stderr).toBe(
        `error: the config file ${file} is locked by another agent-cli run (pid ${process.pid}; lock ${file}.lock): nothing was changed, try again when it has finished\n`,
      );
      expect(result.code).toBe(1);
    } finally {
      await release();
    }
  });
});
