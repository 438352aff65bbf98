import { execFileSync } from 'node:child_process';
import { chmod, chown, lstat, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
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
      'config',
      'holders.csv',
      'holders.csv.journal.jsonl',
      'r.json',
      'r.xml',
    ]);
    // The per-user lock directory (XDG_STATE_HOME, see bin.ts): owner-only, its locks released.
    const locks = join(dir, 'config', 'state', 'agent-cli', 'locks');
    expect(await mode(locks)).toBe('700');
    expect(await readdir(locks)).toEqual([]);
  });

  it('never writes through symbolic links planted at the report paths or their old temporary names', async () => {
    const { dir, run } = await setup();
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'precious\n');
    const report = join(dir, 'r.json');
    const junit = join(dir, 'r.xml');
    for (const link of [`${report}.part`, `${junit}.part`, `${junit}.tmp`]) await symlink(victim, link);
    const result = await run(['--report', report, '--junit', junit]);
    expect(result.code).toBe(0);
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
    expect((await lstat(`${junit}.part`)).isSymbolicLink()).toBe(true);
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

  it('refuses output and journal paths that are not regular files, before sending, and leaves them as they were', async () => {
    const { dir, csv, run, running } = await setup();
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', ['-m', '644', fifo]);
    const stdout = join(dir, 'stdout');
    await symlink('/proc/self/fd/1', stdout);
    const cases: [string[], string][] = [
      [['--report', fifo], `--report ${fifo} is not a regular file (a FIFO)`],
      [['--junit', stdout], `--junit ${stdout} is not a regular file (a symbolic link)`],
      [['--report', dir], `--report ${dir} is not a regular file (a directory)`],
      [['--journal', fifo], `--journal ${fifo} is not a regular file (a FIFO)`],
      [['--journal', dir, '--resume'], `--journal ${dir} is not a regular file (a directory)`],
      [['--report', ''], '--report must not be empty'],
    ];
    for (const [argv, line] of cases) {
      const result = await run(argv);
      expect([result.code, result.stderr]).toEqual([2, `error: ${line}\n`]);
    }
    expect(await mode(fifo)).toBe('644');
    expect((await lstat(stdout)).isSymbolicLink()).toBe(true);
    expect(await readdir(dir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/lock|part/)]));
    expect(running.sandbox.requestCount()).toBe(0);
    expect(await readFile(csv, 'utf8')).toContain('holder12@example.com');
  });

  it('refuses a --report or --junit that is the CSV, the journal, its lock or the other report', async () => {
    const { dir, csv, run, running } = await setup();
    const journal = `${csv}.journal.jsonl`;
    const cases: [string[], string][] = [
      [['--report', csv], `--report ${csv} is the same file as --csv ${csv}`],
      [['--junit', journal], `--junit ${journal} is the same file as the journal ${journal}`],
      [
        ['--junit', `${journal}.lock`],
        `--junit ${journal}.lock is the same file as the lock ${journal}.lock`,
      ],
      [
        ['--report', join(dir, 'r'), '--junit', `${dir}/./r`],
        `--junit ${dir}/./r is the same file as --report ${join(dir, 'r')}`,
      ],
    ];
    for (const [argv, line] of cases) {
      const result = await run(argv);
      expect([result.code, result.stderr]).toEqual([2, `error: ${line}: pass another path\n`]);
    }
    expect(running.sandbox.requestCount()).toBe(0);
    expect(await readdir(dir)).toEqual(['holders.csv']);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses a journal another user planted (needs root to plant it)',
    async () => {
      const { dir, run, running } = await setup();
      const journal = join(dir, 'j.jsonl');
      await writeFile(journal, '');
      await chmod(journal, 0o666);
      await chown(journal, 65534, 65534);
      const result = await run(['--journal', journal]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `error: --journal ${journal} belongs to another user (uid 65534): remove it or pass another --journal\n`,
      );
      expect(await mode(journal)).toBe('666');
      expect(running.sandbox.requestCount()).toBe(0);
    },
  );
});
