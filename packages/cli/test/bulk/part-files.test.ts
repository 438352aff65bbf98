import { spawnSync } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pidPlace, startTime } from '../../src/bulk/journal/process-id.js';
import { ensureBuilt, INDY_FLAGS, startBulk } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

describe('agent-cli offers email --csv: temporary files a killed run left behind', () => {
  beforeAll(ensureBuilt, 120_000);

  it("removes only those whose maker is provably gone, never a live run's in another container", async (ctx) => {
    const here = pidPlace();
    if (here === null) ctx.skip(); // not Linux: no machine id, boot id or pid namespace to compare
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(3));
    const report = join(dir, 'r.json');
    const gone = spawnSync('true').pid; // a pid that ran and ended
    const other = 'abcdefabcdef'; // another container or machine sharing the directory
    const part = (maker: string) => `.r.json.${maker}-0123456789ab.part`;
    const planted = {
      deadHere: part(`${here}-${gone}-1`),
      liveHere: part(`${here}-${process.pid}-${startTime('self')}`),
      reusedPid: part(`${here}-${process.pid}-1`), // this pid now runs another program
      otherPlace: part(`${other}-${gone}-1`),
      liveOtherPlace: part(`${other}-${process.pid}-1`),
      olderVersion: `.r.json.${gone}-0123456789ab.part`,
    };
    for (const name of Object.values(planted)) await writeFile(join(dir, name), '');
    const running = await sandboxAgent();
    const run = startBulk(running, join(dir, 'config'), [
      csv,
      ...INDY_FLAGS,
      '--dry-run',
      '--report',
      report,
    ]);
    expect(await run.exit, run.stderr).toBe(0);
    const left = new Set(await readdir(dir));
    const kept = Object.entries(planted)
      .filter(([, name]) => left.has(name))
      .map(([what]) => what);
    expect(kept.sort()).toEqual(['liveHere', 'liveOtherPlace', 'olderVersion', 'otherPlace']);
    expect(
      [...left].filter((name) => name.endsWith('.part') && !Object.values(planted).includes(name)),
    ).toEqual([]);
  });
});
