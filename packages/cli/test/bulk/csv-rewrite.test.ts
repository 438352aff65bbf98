import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, INDY_FLAGS, startBulk, until } from './bin.js';
import { emailGateway, sendAll } from './gateway.js';
import { holderLines, tempDir, writeCsv } from './support.js';

/** A gateway that records what each holder was sent and holds every answer until `release()`. */
async function holdingGateway() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = await emailGateway(async (offers) => {
    await released;
    return sendAll(offers);
  });
  return Object.assign(server, { release: () => release() });
}

describe('agent-cli offers email --csv: the CSV rewritten in place during a run', () => {
  beforeAll(ensureBuilt, 120_000);

  it("stops (exit non-zero) before sending a row that differs from the checked ones; no holder gets another's values", async () => {
    const gateway = await holdingGateway();
    const dir = await tempDir();
    const rows = 12_000;
    const csv = await writeCsv(dir, holderLines(rows));
    const inode = (await stat(csv)).ino;
    const run = startBulk(gateway, join(dir, 'config'), [csv, ...INDY_FLAGS, '--json']);
    await until(() => gateway.batches() > 0 || run.child.exitCode !== null);
    // `cat new > holders.csv`: the same file (inode), its first 16 rows gone.
    await writeFile(csv, `${['email,name,degree', ...holderLines(rows - 16, 17)].join('\n')}\n`);
    expect((await stat(csv)).ino).toBe(inode);
    gateway.release();
    const code = await run.exit;
    expect(code, `${run.stderr}\n${run.stdout}\n${gateway.sent.size}`).not.toBe(0);
    expect(run.stderr).toContain(`--csv ${csv} changed while the run was reading it`);
    for (const [email, offers] of gateway.sent) {
      expect(offers, email).toHaveLength(1);
      const n = /^holder(\d+)@/.exec(email)?.[1];
      expect(offers[0], email).toContain(`"Holder ${n}"`);
    }
    const summary = JSON.parse(run.stdout) as Record<string, number>;
    expect(summary['sent']).toBe(gateway.sent.size);
    expect(gateway.sent.size).toBeLessThan(rows);
  }, 120_000);
});
