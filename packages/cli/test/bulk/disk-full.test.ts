import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rename, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, startBulk } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

const ROWS = 400;

/** Mounts a 1 MiB tmpfs at `dir`; false (with the reason) where mounting is not allowed. */
function mountTmpfs(dir: string): string | undefined {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
    onTestFinished(() => {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
    });
    return undefined;
  } catch (error) {
    return `cannot mount a tmpfs here (needs root and CAP_SYS_ADMIN): ${String(error).split('\n')[0]}`;
  }
}

/** Fills the file system of `dir` until `leave` bytes are free; returns the filler's path. */
async function fill(dir: string, leave: number): Promise<string> {
  const stats = await statfs(dir);
  const filler = join(dir, 'filler');
  await writeFile(filler, Buffer.alloc(stats.bavail * stats.bsize - leave));
  return filler;
}

/** A temp dir with a 1 MiB tmpfs at `disk` (the test is skipped, saying why, where none can be mounted) and a sandbox. */
async function diskAndAgent(ctx: { skip: () => void }) {
  const dir = await tempDir();
  const disk = join(dir, 'disk');
  await mkdir(disk);
  const skip = mountTmpfs(disk);
  if (skip) {
    console.warn(`skipped: ${skip}`);
    ctx.skip();
  }
  const running = await sandboxAgent({
    faults: [{ kind: 'latency', method: 'POST', path: '/orgs', ms: 10 }],
  });
  return { dir, disk, running };
}

type Row = { email: string; status: string };
const reportRows = async (path: string): Promise<Row[]> => JSON.parse(await readFile(path, 'utf8')).rows;

describe('agent-cli offers email --csv with its journal on a disk that fills up', () => {
  beforeAll(ensureBuilt, 120_000);

  // The journal's lines fall differently on the last free page with each padding of the CSV's name.
  it.for([0, 1, 2, 3])(
    'stops before the next request, then resumes without e-mailing anyone twice (%i)',
    { timeout: 120_000 },
    async (pad: number, ctx) => {
      const { dir, disk, running } = await diskAndAgent(ctx);
      const { sandbox } = running;
      const csv = join(dir, `holders${'-'.repeat(pad * 23)}.csv`);
      await rename(await writeCsv(dir, holderLines(ROWS)), csv);
      const config = join(dir, 'config');
      const base = [csv, ...INDY_FLAGS, '--journal', join(disk, 'j.jsonl'), '--batch-size', '2'];
      const filler = await fill(disk, 8192);

      const full = startBulk(running, config, [...base, '--report', join(dir, 'r1.json')]);
      expect(await full.exit).toBeOneOf([1, 3]);
      expect(full.stderr).toMatch(/journal .*j\.jsonl.*(ENOSPC|no space)/i);
      const sentBefore = sandbox.totalDeliveries();
      expect(sentBefore).toBeGreaterThan(0);
      expect(sentBefore).toBeLessThan(ROWS);

      await rm(filler);
      const resumed = startBulk(running, config, [...base, '--resume', '--report', join(dir, 'r2.json')]);
      expect(await resumed.exit).toBeOneOf([0, 3]);
      const rows = await reportRows(join(dir, 'r2.json'));
      expect(rows).toHaveLength(ROWS);
      const inDoubt = new Set(rows.filter((r) => r.status === 'in-doubt').map((r) => r.email));
      for (const r of rows)
        expect([r.email, r.status]).toEqual([r.email, expect.stringMatching(/sent|in-doubt/)]);
      const emails = holderEmails(ROWS);
      expect(emails.filter((e) => !inDoubt.has(e)).map((e) => sandbox.deliveries(e))).toEqual(
        Array(ROWS - inDoubt.size).fill(1),
      );

      const retried = startBulk(running, config, [...base, '--resume', '--retry-in-doubt']);
      expect(await retried.exit).toBe(0);
      expect(emails.filter((e) => sandbox.deliveries(e) !== 1).every((e) => inDoubt.has(e))).toBe(true);
      expect(emails.every((e) => sandbox.deliveries(e) >= 1 && sandbox.deliveries(e) <= 2)).toBe(true);
    },
  );
});

// Issue 21 finding 11: the reports on the same full disk as the journal.
describe('agent-cli offers email --csv with its journal and reports on a disk that fills up', () => {
  beforeAll(ensureBuilt, 120_000);

  it('counts every row right, never puts a report in place cut short, and names each report it could not write', async (ctx) => {
    const { dir, disk, running } = await diskAndAgent(ctx);
    const rows = 2000;
    const csv = await writeCsv(dir, holderLines(rows));
    const report = join(disk, 'r.json');
    const junit = join(disk, 'r.xml');
    const argv = [
      csv,
      ...INDY_FLAGS,
      '--journal',
      join(disk, 'j.jsonl'),
      '--report',
      report,
      '--junit',
      junit,
    ];
    await fill(disk, 64 * 1024);
    const run = startBulk(running, join(dir, 'config'), [...argv, '--json']);
    expect(await run.exit, run.stderr).toBeOneOf([1, 3]);
    const summary = JSON.parse(run.stdout) as Record<string, number>;
    expect(summary['total']).toBe(rows);
    const delivered = running.sandbox.totalDeliveries();
    // Every delivered row is reported sent or in doubt; no row is reported sent that was not delivered.
    expect(summary['sent']).toBeLessThanOrEqual(delivered);
    expect(delivered).toBeLessThanOrEqual((summary['sent'] ?? 0) + (summary['in-doubt'] ?? 0));
    // Each report is whole, or was not put in place (and stderr names it).
    const text = await readFile(report, 'utf8').catch(() => undefined);
    if (text === undefined) expect(run.stderr).toMatch(/--report .*r\.json.*(ENOSPC|no space)/i);
    else expect(JSON.parse(text).rows).toHaveLength(rows);
    const xml = await readFile(junit, 'utf8').catch(() => undefined);
    if (xml === undefined) expect(run.stderr).toMatch(/--junit .*r\.xml.*(ENOSPC|no space)/i);
    else expect(xml).toMatch(/<\/testsuites>\n$/);
  }, 120_000);
});
