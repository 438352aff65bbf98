import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBulk } from '../../src/bulk/engine.js';
import { Journal } from '../../src/bulk/journal/journal.js';
import { Tally } from '../../src/bulk/outcome.js';
import { Progress } from '../../src/bulk/progress.js';
import { holderLines, runOptions, tempDir, writeCsv } from './support.js';

function tallyOf(sent: number, failed = 0): Tally {
  const tally = new Tally();
  for (let i = 0; i < sent; i++) tally.add({ line: i, email: '', status: 'sent' });
  for (let i = 0; i < failed; i++) tally.add({ line: i, email: '', status: 'failed' });
  return tally;
}

describe('progress', () => {
  it('prints a plain line every 10 % (or 5 s) when stderr is not a terminal', () => {
    const out: string[] = [];
    let now = 0;
    const progress = new Progress({ write: (t) => out.push(t), tty: false, total: 100, now: () => now });
    for (let done = 1; done <= 25; done++) {
      now += 10;
      progress.update(tallyOf(done));
    }
    expect(out).toEqual([
      '10/100 rows · 10 sent · 0 failed · 100 rows/s · ETA 0:01\n',
      '20/100 rows · 20 sent · 0 failed · 100 rows/s · ETA 0:01\n',
    ]);
    now += 6000;
    progress.update(tallyOf(25, 1));
    expect(out.at(-1)).toBe('26/100 rows · 25 sent · 1 failed · 4 rows/s · ETA 0:18\n');
  });

  it('says invalid rows apart from failed ones, as the tally does (helper-72: "10 failed" for 10 invalid)', () => {
    const out: string[] = [];
    const progress = new Progress({ write: (t) => out.push(t), tty: false, total: 20, now: () => 1000 });
    const tally = tallyOf(8, 1);
    for (let i = 0; i < 3; i++) tally.add({ line: i, email: '', status: 'invalid' });
    progress.finish(tally);
    expect(out).toEqual(['12/20 rows · 8 sent · 1 failed · 3 invalid · 12000 rows/s · ETA 0:00\n']);
  });

  it('redraws one line in place on a terminal', () => {
    const out: string[] = [];
    let now = 0;
    const progress = new Progress({ write: (t) => out.push(t), tty: true, total: 4, now: () => now });
    now = 1000;
    progress.update(tallyOf(2));
    progress.finish(tallyOf(4));
    expect(out).toEqual([
      '\r\u001b[2K2/4 rows · 2 sent · 0 failed · 2 rows/s · ETA 0:01',
      '\r\u001b[2K4/4 rows · 4 sent · 0 failed · 4 rows/s\n',
    ]);
  });
});

describe('journal', () => {
  it('replays accepted and in-doubt rows, ignores a torn last line, and appends on a fresh line', async () => {
    const path = join(await tempDir(), 'j.jsonl');
    const target = { baseUrl: 'http://a.test', org: 'o', credentialType: 'indy', common: 'c' };
    const input = { csv: 'h.csv', target, shard: undefined, content: 'digest' };
    const key = (n: number) => `holder${n}`.padEnd(12, '_') + '.' + `content${n}`.padEnd(12, '_');
    const first = await Journal.open(path, input, false, () => undefined);
    await first.journal.append({ t: 'start', batch: 1, rows: [2, 3], keys: [key(2), key(3)] });
    await first.journal.append({ t: 'done', batch: 1, rows: [2, 3], keys: [key(2), key(3)], ok: true });
    await first.journal.append({ t: 'start', batch: 2, rows: [4], keys: [key(4)] });
    await first.journal.append({ t: 'start', batch: 3, rows: [5], keys: [key(5)] });
    await first.journal.append({
      t: 'done',
      batch: 3,
      rows: [5],
      keys: [key(5)],
      ok: false,
      inDoubt: false,
      error: 'HTTP 400',
    });
    await first.journal.close();
    await writeFile(path, `${await readFile(path, 'utf8')}{"t":"done","batch":2,"ro`);
    const again = await Journal.open(path, input, true, () => undefined);
    const part = (n: number, which: 0 | 1) => key(n).split('.')[which] ?? '';
    expect(again.state).toEqual({
      accepted: new Map([2, 3].map((n) => [part(n, 0), part(n, 1)])),
      inDoubt: new Map([[part(4, 0), part(4, 1)]]),
      lastBatch: 3,
      allInDoubt: false,
    });
    await again.journal.append({ t: 'start', batch: 4, rows: [5], keys: [key(5)] });
    await again.journal.close();
    expect((await readFile(path, 'utf8')).split('\n').at(-2)).toBe(
      `{"t":"start","batch":4,"rows":[5],"keys":["${key(5)}"]}`,
    );
  });
});

describe('progress on a terminal', () => {
  it('clears the progress line before a row problem is printed', async () => {
    const csv = await writeCsv(await tempDir(), [
      'bad1,A,BSc',
      'bad2,B,BSc',
      ...holderLines(2),
      'bad3,C,BSc',
    ]);
    const out: string[] = [];
    let now = 0;
    const ports = {
      offers: undefined,
      err: (line: string) => out.push(`${line}\n`),
      progress: { write: (text: string) => out.push(text), tty: true },
      now: () => {
        now += 150;
        return now;
      },
    };
    await runBulk(runOptions(csv, { dryRun: true }), ports);
    const text = out.join('');
    expect(text.match(/line \d+ \(bad\d\)/g)).toHaveLength(3);
    // Each problem starts a line of its own: after a newline or after the progress line was cleared.
    const before = [...text.matchAll(/line \d+ \(bad/g)].map((m) => text.slice(0, m.index));
    expect(before.filter((t) => !(t === '' || t.endsWith('\n') || t.endsWith('\r\u001b[2K')))).toEqual([]);
    expect(text).toMatch(/5\/5 rows · 2 valid · 3 invalid · \d+ rows\/s\n$/);
  });
});
