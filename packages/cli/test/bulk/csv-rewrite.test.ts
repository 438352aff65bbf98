import { stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ensureBuilt, INDY_FLAGS, startBulk, until } from './bin.js';
import { holderLines, tempDir, writeCsv } from './support.js';

/**
 * A gateway on 127.0.0.1 that records what each holder was sent (their e-mails' offers) and holds
 * every answer until `release()`.
 */
async function holdingGateway() {
  const sent = new Map<string, string[]>();
  let requests = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = createServer((req, res) => {
    // The run's sign-in check before its journal: a list that matches no record.
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      requests++;
      const offers = (JSON.parse(body) as { credentialOffer: { emailId: string }[] }).credentialOffer;
      await released;
      for (const o of offers) sent.set(o.emailId, [...(sent.get(o.emailId) ?? []), JSON.stringify(o)]);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 201, message: 'sent', data: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sandbox: { issueToken: () => 'token' },
    sent,
    requests: () => requests,
    release: () => release(),
  };
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
    await until(() => gateway.requests() > 0 || run.child.exitCode !== null);
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
