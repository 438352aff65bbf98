import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ORG_ID, type RunningSandbox } from '@credential-agent/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

const CLI_DIR = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(CLI_DIR, 'dist/bin.js');

/** The built binary, rebuilt when missing or older than `--csv`. */
function ensureBuilt(): void {
  const help = () => execFileSync(process.execPath, [BIN, 'offers', 'email', '--help'], { encoding: 'utf8' });
  if (existsSync(BIN) && help().includes('--csv')) return;
  execFileSync('pnpm', ['run', 'build'], { cwd: CLI_DIR, stdio: 'ignore' });
}

function start(running: RunningSandbox, argv: string[]): ChildProcess {
  const env = {
    PATH: process.env['PATH'],
    AGENT_CLI_BASE_URL: running.url,
    AGENT_CLI_ORG: DEMO_ORG_ID,
    AGENT_CLI_TOKEN: running.sandbox.issueToken(),
    AGENT_CLI_CONFIG_DIR: join(argv[0] ?? '', '..', 'config'),
  };
  return spawn(process.execPath, [BIN, 'offers', 'email', '--csv', ...argv], { env, stdio: 'ignore' });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const ROWS = 300;

describe('agent-cli offers email --csv killed with SIGKILL and resumed', () => {
  beforeAll(ensureBuilt, 120_000);

  it('loses no row and sends none twice except rows it reported in doubt', { timeout: 60_000 }, async () => {
    const running = await sandboxAgent({
      faults: [{ kind: 'latency', method: 'POST', path: '/orgs', ms: 60 }],
    });
    const { sandbox } = running;
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(ROWS));
    const argv = [
      csv,
      '--credential-type',
      'indy',
      '--cred-def-id',
      'cred-def',
      '--resume',
      '--concurrency',
      '4',
    ];
    const posts = () => sandbox.requestCount('POST', '/orgs');
    // Kill points: as the first request arrives, then some way into each resumed run.
    for (const ahead of [1, 5, 9]) {
      const before = posts();
      const child = start(running, argv);
      const end = exited(child);
      await until(() => posts() >= before + ahead || child.exitCode !== null);
      child.kill('SIGKILL');
      expect(await end).toBe(null);
    }
    const report = join(dir, 'report.json');
    expect(await exited(start(running, [...argv, '--report', report]))).toBeOneOf([0, 3]);
    const rows: { email: string; status: string }[] = JSON.parse(await readFile(report, 'utf8')).rows;
    const inDoubt = new Set(rows.filter((r) => r.status === 'in-doubt').map((r) => r.email));
    const emails = holderLines(ROWS).map((l) => l.split(',')[0] ?? '');
    expect(emails.filter((e) => !inDoubt.has(e)).map((e) => sandbox.deliveries(e))).toEqual(
      Array(ROWS - inDoubt.size).fill(1),
    );
    expect(await exited(start(running, [...argv, '--retry-in-doubt']))).toBe(0);
    const counts = emails.map((e) => sandbox.deliveries(e));
    expect(counts.every((n) => n >= 1 && n <= 2)).toBe(true);
    expect(emails.filter((e) => sandbox.deliveries(e) === 2).every((e) => inDoubt.has(e))).toBe(true);
    expect(inDoubt.size).toBeGreaterThan(0);
  });
});
