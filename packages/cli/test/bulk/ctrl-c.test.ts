import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, runUnderway, startBulk, until } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

const ROWS = 100;

describe('agent-cli offers email --csv: Ctrl-C and the batch cap', () => {
  beforeAll(ensureBuilt, 120_000);

  it('lets requests in flight finish on Ctrl-C, prints the tally and the --resume hint', {
    timeout: 60_000,
  }, async () => {
    const { running, sandbox, config, argv, first } = await runUnderway(ROWS, 300);
    first.child.kill('SIGINT');
    expect(await first.exit).toBe(130);
    expect(first.stdout).toMatch(/^stopped: sent \d+/);
    const left = Number(/cancelled: (\d+) row/.exec(first.stderr)?.[1]);
    expect(first.stderr).toMatch(
      /cancelled: \d+ row\(s\) not sent: run the same command again with --resume/,
    );
    const sentFirst = sandbox.totalDeliveries();
    expect(left).toBe(ROWS - sentFirst);
    expect(sentFirst).toBeGreaterThanOrEqual(20);
    const resumed = startBulk(running, config, [...argv, '--resume', '--json']);
    expect(await resumed.exit).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ 'in-doubt': 0, 'already-sent': sentFirst });
    expect(holderEmails(ROWS).map((e) => sandbox.deliveries(e))).toEqual(Array(ROWS).fill(1));
  });

  it('sends batches above 10 when --max-batch-size says the deployment allows them', async () => {
    const running = await sandboxAgent({ emailBatchLimit: 12 });
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(24));
    const run = startBulk(running, join(dir, 'config'), [
      csv,
      ...INDY_FLAGS,
      '--batch-size',
      '12',
      '--max-batch-size',
      '12',
    ]);
    expect(await run.exit).toBe(0);
    expect(running.sandbox.requestCount('POST', '/orgs')).toBe(2);
    expect(running.sandbox.totalDeliveries()).toBe(24);
  });

  it('exits 3 (never 0 or 1) when every row was sent but a report cannot be written at the end, naming the flag', {
    timeout: 60_000,
  }, async () => {
    const running = await sandboxAgent({
      faults: [{ kind: 'latency', method: 'POST', path: '/orgs', ms: 100 }],
    });
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(40));
    const sub = join(dir, 'sub');
    await mkdir(sub);
    const report = join(sub, 'r.json');
    const run = startBulk(running, join(dir, 'config'), [
      csv,
      ...INDY_FLAGS,
      '--concurrency',
      '1',
      '--report',
      report,
    ]);
    await until(() => running.sandbox.requestCount('POST', '/orgs') >= 1);
    await rm(sub, { recursive: true });
    expect(await run.exit).toBe(3);
    expect(run.stdout).toBe('done: sent 40\n');
    expect(run.stderr).toContain(`error: cannot write --report ${report}: ENOENT\n`);
    expect(running.sandbox.totalDeliveries()).toBe(40);
  });
});
