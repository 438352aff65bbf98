import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningSandbox } from '@credential-agent/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, runUnderway, startBulk, until } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

function start(running: RunningSandbox, argv: string[]) {
  const run = startBulk(running, join(argv[0] ?? '', '..', 'config'), argv);
  return Object.assign(run.child, { exit: run.exit });
}

const exited = (child: { exit: Promise<number | null> }) => child.exit;

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
    const argv = [csv, '--credential-type', 'indy', '--cred-def-id', 'cred-def', '--concurrency', '4'];
    const posts = () => sandbox.requestCount('POST', '/orgs');
    // Kill points: as the first request arrives, then some way into each resumed run.
    for (const ahead of [1, 5, 9]) {
      const before = posts();
      const child = start(running, ahead === 1 ? argv : [...argv, '--resume']);
      const end = exited(child);
      await until(() => posts() >= before + ahead || child.exitCode !== null);
      child.kill('SIGKILL');
      expect(await end).toBe(null);
    }
    const report = join(dir, 'report.json');
    expect(await exited(start(running, [...argv, '--resume', '--report', report]))).toBeOneOf([0, 3]);
    const rows: { email: string; status: string }[] = JSON.parse(await readFile(report, 'utf8')).rows;
    const inDoubt = new Set(rows.filter((r) => r.status === 'in-doubt').map((r) => r.email));
    const emails = holderLines(ROWS).map((l) => l.split(',')[0] ?? '');
    expect(emails.filter((e) => !inDoubt.has(e)).map((e) => sandbox.deliveries(e))).toEqual(
      Array(ROWS - inDoubt.size).fill(1),
    );
    expect(await exited(start(running, [...argv, '--resume', '--retry-in-doubt']))).toBe(0);
    const counts = emails.map((e) => sandbox.deliveries(e));
    expect(counts.every((n) => n >= 1 && n <= 2)).toBe(true);
    expect(emails.filter((e) => sandbox.deliveries(e) === 2).every((e) => inDoubt.has(e))).toBe(true);
    expect(inDoubt.size).toBeGreaterThan(0);
  });

  it('keeps rows in doubt after a refused --retry-in-doubt: a later --resume does not send them', {
    timeout: 60_000,
  }, async () => {
    const { running, sandbox, config, argv, first } = await runUnderway(40, 300);
    first.child.kill('SIGKILL');
    await first.exit;
    // The two batches in flight when the run died reach their holders.
    await until(() => sandbox.totalDeliveries() === 20);
    sandbox.faults.add({ kind: 'status', status: 400, method: 'POST' });
    const refused = startBulk(running, config, [...argv, '--resume', '--retry-in-doubt']);
    expect(await refused.exit).toBe(1);
    sandbox.faults.clear();
    const resumed = startBulk(running, config, [...argv, '--resume', '--json']);
    expect(await resumed.exit).toBe(3);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 20, 'in-doubt': 20 });
    expect(holderEmails(40).map((e) => sandbox.deliveries(e))).toEqual(Array(40).fill(1));
  });
});
