import { lstat, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, INDY_FLAGS, startBulk } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

const mode = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

async function setup() {
  const running = await sandboxAgent();
  const dir = await tempDir();
  const csv = await writeCsv(dir, holderLines(12));
  const run = (argv: string[], options: { umask?: string } = {}) => {
    const cli = startBulk(running, join(dir, 'config'), [csv, ...INDY_FLAGS, ...argv], options);
    return cli.exit.then((code) => ({ code, stdout: cli.stdout, stderr: cli.stderr }));
  };
  return { running, dir, csv, run };
}

describe('agent-cli offers email --csv: the files it writes', () => {
  beforeAll(ensureBuilt, 120_000);

  it('creates the journal and the reports owner-only under umask 000, and leaves no temporary file', async () => {
    const { dir, csv, run } = await setup();
    const result = await run(['--report', join(dir, 'r.json'), '--junit', join(dir, 'r.xml')], {
      umask: '000',
    });
    expect(result.code).toBe(0);
    const modes = await Promise.all(
      [`${csv}.journal.jsonl`, join(dir, 'r.json'), join(dir, 'r.xml')].map(mode),
    );
    expect(modes).toEqual(['600', '600', '600']);
    expect((await readdir(dir)).sort()).toEqual([
      'holders.csv',
      'holders.csv.journal.jsonl',
      'r.json',
      'r.xml',
    ]);
  });

  it('never writes through symbolic links planted at the report paths or their old temporary names', async () => {
    const { dir, run } = await setup();
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'precious\n');
    const report = join(dir, 'r.json');
    const junit = join(dir, 'r.xml');
    for (const link of [report, `${junit}.part`, `${junit}.tmp`]) await symlink(victim, link);
    const result = await run(['--report', report, '--junit', junit]);
    expect(result.code).toBe(0);
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
    expect((await lstat(report)).isSymbolicLink()).toBe(false);
    expect(JSON.parse(await readFile(report, 'utf8')).summary).toMatchObject({ sent: 12 });
  });

  it('refuses a journal that is a symbolic link, before sending', async () => {
    const { dir, csv, run, running } = await setup();
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'precious\n');
    await symlink(victim, `${csv}.journal.jsonl`);
    const result = await run(['--resume']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`journal ${csv}.journal.jsonl is a symbolic link, which is not followed`);
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
    expect(running.sandbox.totalDeliveries()).toBe(0);
  });

  it('checks --report and --junit before the first request, naming the flag and the path given', async () => {
    const { dir, run, running } = await setup();
    const missing = join(dir, 'no-such-dir', 'r.xml');
    const result = await run(['--report', join(dir, 'r.json'), '--junit', missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: cannot write --junit ${missing}: ENOENT\n`);
    expect(running.sandbox.requestCount()).toBe(0);
    expect(await readdir(dir)).not.toContain('r.json');
  });

  it('refuses --resume when the journal is missing, saying how to start a new run deliberately', async () => {
    const { csv, run, running } = await setup();
    expect((await run([])).code).toBe(0);
    await rm(`${csv}.journal.jsonl`);
    const result = await run(['--resume']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: --resume: journal ${csv}.journal.jsonl does not exist, so there is no run to continue (if it was lost, every holder may already have been e-mailed); to start a new run deliberately, run without --resume\n`,
    );
    expect(running.sandbox.totalDeliveries()).toBe(12);
  });
});
