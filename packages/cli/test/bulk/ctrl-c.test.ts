import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, runUnderway, startBulk } from './bin.js';
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
});
