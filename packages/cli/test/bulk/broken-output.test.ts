import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, startBulk, until } from './bin.js';
import { emailGateway, sendAll } from './gateway.js';
import { holderLines, tempDir, writeCsv } from './support.js';

const ROWS = 200;

/**
 * How the run's own stdout and stderr are broken: a shell line that runs the CLI ("$0" "$@") and
 * exits with the CLI's own exit code.
 */
const BROKEN = {
  // A reader that stops after one line: the progress lines get EPIPE, and so does the tally.
  'stdout and stderr into `| head -1`': '"$0" "$@" 2>&1 | head -1 >/dev/null; exit "$PIPESTATUS"',
  'stderr into `| head -c 0` (closed at once)': '"$0" "$@" 2> >(head -c 0); exit $?',
  'stderr on /dev/full': 'exec "$0" "$@" 2>/dev/full',
};

/** A gateway that answers each batch after 100 ms, so progress is written while batches are out. */
const slowGateway = () =>
  emailGateway(async (offers) => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return sendAll(offers);
  });

async function partFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.part'));
}

describe('agent-cli offers email --csv when its stderr or stdout fails', () => {
  beforeAll(ensureBuilt, 120_000);

  it.for(Object.entries(BROKEN))(
    'a failing stderr (%s) only stops the progress: every holder is e-mailed once, the report is written',
    { timeout: 60_000 },
    async ([, line]) => {
      const server = await slowGateway();
      const dir = await tempDir();
      const csv = await writeCsv(dir, holderLines(ROWS));
      const report = join(dir, 'report.json');
      const argv = [csv, ...INDY_FLAGS, '--report', report];
      const run = startBulk(server, join(dir, 'config'), argv, { wrap: ['bash', '--norc', '-c', line] });
      expect(await run.exit, run.stderr).toBe(0);
      expect(holderEmails(ROWS).map((e) => server.count(e))).toEqual(Array(ROWS).fill(1));
      const rows = JSON.parse(await readFile(report, 'utf8')).rows as { status: string }[];
      expect(rows.map((r) => r.status)).toEqual(Array(ROWS).fill('sent'));
      expect(await partFiles(dir)).toEqual([]);
      // The journal was closed and its lock released: a resume runs, finds every row sent, sends nothing.
      const again = startBulk(server, join(dir, 'config'), [csv, ...INDY_FLAGS, '--resume', '--json']);
      expect(await again.exit, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ sent: 0, 'already-sent': ROWS });
      expect(server.batches()).toBe(ROWS / 10);
    },
  );

  it('a stdout on /dev/full (--json) is said, and the run that sent every row exits 3, not 1', async () => {
    const server = await slowGateway();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(ROWS));
    const argv = [csv, ...INDY_FLAGS, '--json'];
    const run = startBulk(server, join(dir, 'config'), argv, {
      wrap: ['sh', '-c', 'exec "$0" "$@" >/dev/full'],
    });
    expect(await run.exit, run.stderr).toBe(3);
    expect(run.stderr).toContain('error: cannot write to stdout (ENOSPC)');
    expect(holderEmails(ROWS).map((e) => server.count(e))).toEqual(Array(ROWS).fill(1));
  }, 60_000);

  it("a signal after the run, while a slow stderr is still being written, keeps the run's exit code", async () => {
    const server = await emailGateway();
    const dir = await tempDir();
    // 3,000 invalid rows: a line each on stderr, more than a pipe holds; 50 valid ones are sent.
    const invalid = Array.from({ length: 3000 }, (_, i) => `not-an-address-${i},N,BSc`);
    const csv = await writeCsv(dir, [...invalid, ...holderLines(50)]);
    const run = startBulk(server, join(dir, 'config'), [csv, ...INDY_FLAGS]);
    run.child.stderr?.pause();
    await until(() => run.stdout.includes('done:') || run.child.exitCode !== null);
    run.child.kill('SIGINT');
    run.child.stderr?.resume();
    expect(await run.exit).toBe(3);
    expect(holderEmails(50).map((e) => server.count(e))).toEqual(Array(50).fill(1));
  }, 60_000);

  // f9d88f1 ends a run stopped by a signal at once, so a later signal cannot kill it as Node tears
  // down; what it had still to write to a slow stderr (its last lines: how to continue) must not be
  // lost to that.
  it('a run stopped by SIGTERM while its stderr is slow still says how to continue, then exits 143', async () => {
    const server = await emailGateway(async (offers) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return sendAll(offers);
    });
    const dir = await tempDir();
    const invalid = Array.from({ length: 3000 }, (_, i) => `not-an-address-${i},N,BSc`);
    const csv = await writeCsv(dir, [...invalid, ...holderLines(100)]);
    const run = startBulk(server, join(dir, 'config'), [csv, ...INDY_FLAGS, '--concurrency', '1']);
    run.child.stderr?.pause();
    await until(() => server.count('holder1@example.com') > 0 || run.child.exitCode !== null);
    run.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    run.child.stderr?.resume();
    expect(await run.exit).toBe(143);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(
      /^cancelled: \d+ row\(s\) not sent: run the same command again with --resume/,
    );
  }, 60_000);
});
