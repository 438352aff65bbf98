import { existsSync, readlinkSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, INDY_FLAGS, startBulk } from './bin.js';
import { tempDir } from './support.js';

/** A CSV of `rows` holders, big enough that checking it takes a while. */
async function bigCsv(dir: string, rows: number): Promise<string> {
  const path = join(dir, 'holders.csv');
  const lines = Array.from({ length: rows }, (_, i) => `holder${i}@example.com,Holder ${i},BSc`);
  await writeFile(path, `email,name,degree\n${lines.join('\n')}\n`);
  return path;
}

/** Whether the process has `path` open (it is reading the CSV). */
async function hasOpen(pid: number, path: string): Promise<boolean> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  return fds.some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
    } catch {
      return false;
    }
  });
}

// Issue 21 finding 13: a signal while the CSV is checked (before the first request) or during a dry
// run is honoured: the run ends with 130 (Ctrl-C) or 143 (SIGTERM), keeps no journal and does not
// point at --resume, since nothing was sent.
describe.skipIf(process.platform !== 'linux')('agent-cli offers email --csv: a signal before sending', () => {
  beforeAll(ensureBuilt, 120_000);

  const target = { url: 'http://127.0.0.1:9', sandbox: { issueToken: () => 'token' } };

  it.each([
    ['SIGINT', 130, []],
    ['SIGTERM', 143, []],
    ['SIGINT', 130, ['--dry-run']],
  ] as const)(
    '%s (%i) while the CSV is checked %j: stops, no journal, no --resume hint',
    async (signal, code, extra) => {
      const dir = await tempDir();
      const csv = await bigCsv(dir, 300_000);
      const run = startBulk(target, join(dir, 'config'), [csv, ...INDY_FLAGS, ...extra]);
      const pid = run.child.pid as number;
      // Wait until it reads the CSV, then signal.
      while (run.child.exitCode === null && !(await hasOpen(pid, csv)))
        await new Promise((r) => setTimeout(r, 5));
      run.child.kill(signal);
      expect(await run.exit, run.stderr).toBe(code);
      expect(run.stderr).toMatch(/cancelled/);
      expect(run.stderr).not.toMatch(/--resume/);
      expect(existsSync(`${csv}.journal.jsonl`)).toBe(false);
    },
    120_000,
  );
});
