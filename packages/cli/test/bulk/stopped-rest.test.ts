import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, INDY_FLAGS, startBulk } from './bin.js';
import { emailGateway, sendAll } from './gateway.js';
import { tempDir } from './support.js';

const REFUSED = { delivered: [], status: 401, body: '{"message":"Unauthorized"}' };

/** The report's status of each line. */
async function statuses(report: string): Promise<Record<number, string>> {
  const { rows } = JSON.parse(await readFile(report, 'utf8')) as { rows: { line: number; status: string }[] };
  return Object.fromEntries(rows.map((r) => [r.line, r.status]));
}

// helper-84: the rows a stopped run did not reach are settled without being judged, and a row of a
// holder seen twice was reported as if it stood alone: `skipped` ("--resume to send it") for a
// changed second row of a holder this run had e-mailed, `already-sent` for a holder's second row
// or a row of too many fields. The next run called them invalid: the report changed by itself.
describe('agent-cli offers email --csv: rows a stopped run did not reach, of a holder seen twice', {
  timeout: 60_000,
}, () => {
  beforeAll(ensureBuilt, 120_000);

  it('reports a changed second row of a holder this run e-mailed as invalid, not skipped', async () => {
    const server = await emailGateway((offers, batch) => (batch >= 3 ? REFUSED : sendAll(offers)));
    const dir = await tempDir();
    const csv = join(dir, 'holders.csv');
    await writeFile(csv, 'email,name,age\na@x.com,A,1\nb@x.com,B,2\nc@x.com,C,3\nA@x.com,A,999\n');
    const report = join(dir, 'r.json');
    const argv = [csv, ...INDY_FLAGS, '--batch-size', '1', '--concurrency', '1', '--report', report];
    const run = startBulk(server, join(dir, 'config'), argv);
    expect(await run.exit).toBe(3);
    expect(await statuses(report)).toEqual({ 2: 'sent', 3: 'sent', 4: 'failed', 5: 'invalid' });
    expect(server.count('a@x.com')).toBe(1);
  });

  it('reports only the first row of a holder the journal has as sent as already sent', async () => {
    let refuse = false;
    const server = await emailGateway((offers) => (refuse ? REFUSED : sendAll(offers)));
    const dir = await tempDir();
    const csv = join(dir, 'holders.csv');
    await writeFile(csv, 'email,name,age\nd@x.com,D,4\n');
    const config = join(dir, 'config');
    expect(await startBulk(server, config, [csv, ...INDY_FLAGS]).exit).toBe(0);
    await writeFile(csv, 'email,name,age\nnew@x.com,N,9\nd@x.com,D,4\n" D@x.com ",D,4\nd@x.com,D,4,EXTRA\n');
    refuse = true;
    const report = join(dir, 'r.json');
    const argv = [csv, ...INDY_FLAGS, '--batch-size', '1', '--resume', '--report', report];
    expect(await startBulk(server, config, argv).exit).toBe(3);
    const stopped = await statuses(report);
    refuse = false;
    expect(await startBulk(server, config, argv).exit).toBe(3);
    const resumed = await statuses(report);
    expect(stopped).toEqual({ 2: 'failed', 3: 'already-sent', 4: 'invalid', 5: 'invalid' });
    expect(resumed).toEqual({ 2: 'sent', 3: 'already-sent', 4: 'invalid', 5: 'invalid' });
    expect([server.count('d@x.com'), server.count('new@x.com')]).toEqual([1, 1]);
  });
});
