import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, runUnderway, startBulk } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

const ROWS = 120;

describe('agent-cli offers email --csv: one journal, two processes', () => {
  beforeAll(ensureBuilt, 120_000);

  it('refuses a journal a live run holds, even with --resume --retry-in-doubt', {
    timeout: 60_000,
  }, async () => {
    const { running, sandbox, config, argv, first } = await runUnderway(ROWS, 300);
    const second = startBulk(running, config, [...argv, '--resume', '--retry-in-doubt']);
    expect(await second.exit).toBe(2);
    expect(second.stderr).toMatch(new RegExp(`journal .* is in use by process ${first.child.pid}`));
    expect(await first.exit).toBe(0);
    expect(holderEmails(ROWS).map((e) => sandbox.deliveries(e))).toEqual(Array(ROWS).fill(1));
  });

  it('lets exactly one of two fresh runs started together send', { timeout: 90_000 }, async () => {
    const running = await sandboxAgent({
      faults: [{ kind: 'latency', method: 'POST', path: '/orgs', ms: 20 }],
    });
    for (let attempt = 0; attempt < 4; attempt++) {
      running.sandbox.reset();
      const dir = await tempDir();
      const csv = await writeCsv(dir, holderLines(40));
      const config = join(dir, 'config');
      const runs = [
        startBulk(running, config, [csv, ...INDY_FLAGS]),
        startBulk(running, config, [csv, ...INDY_FLAGS]),
      ];
      const codes = await Promise.all(runs.map((r) => r.exit));
      expect(codes.sort()).toEqual([0, 2]);
      expect(holderEmails(40).map((e) => running.sandbox.deliveries(e))).toEqual(Array(40).fill(1));
    }
  });
});
