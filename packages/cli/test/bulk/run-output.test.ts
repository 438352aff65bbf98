import { appendFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { holderEmails } from './bin.js';
import { holderLines, tempDir, writeCsv } from './support.js';

const bench = useSandbox();
const indy = ['--credential-type', 'indy', '--cred-def-id', 'cred-def'];
const bulk = (csv: string, ...argv: string[]) =>
  bench.run(['offers', 'email', '--csv', csv, ...indy, ...argv]);
/** The progress lines of stderr, without rate and ETA. */
const progressLines = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => /^\d+\/\d+ rows/.test(l))
    .map((l) => l.replace(/ · \d+ rows\/s.*/, ''));
// Every character XML 1.0 allows.
const XML_TEXT = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

describe('agent-cli offers email --csv: reports and progress', () => {
  it('passes valid rows in a dry-run JUnit report and counts the failures it lists', async () => {
    const dir = await tempDir();
    const csv = await writeCsv(dir, [...holderLines(2), 'bad\uFFFF,Bob,BSc']);
    const junit = join(dir, 'r.xml');
    const result = await bulk(csv, '--dry-run', '--junit', junit);
    expect(result.code).toBe(1);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(XML_TEXT);
    expect(xml).toContain('failures="1"');
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).not.toContain('type="valid"');
  });

  it('says "valid" in dry-run progress and "already sent" on resume, and prints the last line once', async () => {
    const csv = await writeCsv(await tempDir(), holderLines(3));
    const dry = await bulk(csv, '--dry-run');
    expect(progressLines(dry.stderr).slice(-2)).toEqual([
      '2/3 rows · 2 valid · 0 invalid',
      '3/3 rows · 3 valid · 0 invalid',
    ]);
    expect((await bulk(csv)).code).toBe(0);
    const resumed = await bulk(csv, '--resume');
    expect(progressLines(resumed.stderr).slice(-2)).toEqual([
      '2/3 rows · 0 sent · 2 already sent · 0 failed',
      '3/3 rows · 0 sent · 3 already sent · 0 failed',
    ]);
    expect(bench.sandbox.totalDeliveries()).toBe(3);
  });
});

describe('agent-cli offers email --csv --resume with a CSV that grew', () => {
  it('sends only the rows added at the end, and says so', async () => {
    const csv = await writeCsv(await tempDir(), holderLines(5));
    expect((await bulk(csv)).code).toBe(0);
    await appendFile(csv, `${holderLines(3, 6).join('\n')}\n`);
    const resumed = await bulk(csv, '--resume', '--json');
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 3, 'already-sent': 5 });
    expect(holderEmails(8).map((e) => bench.sandbox.deliveries(e))).toEqual(Array(8).fill(1));
    const again = await bulk(csv, '--resume', '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ sent: 0, 'already-sent': 8 });
  });

  it('refuses a changed row, naming its line, and sends nobody twice', async () => {
    const csv = await writeCsv(await tempDir(), holderLines(5));
    expect((await bulk(csv)).code).toBe(0);
    const text = await readFile(csv, 'utf8');
    await rm(csv);
    await appendFile(csv, text.replace('Holder 4', 'Holder Four'));
    const resumed = await bulk(csv, '--resume');
    expect(resumed.code).toBe(3);
    expect(resumed.stderr).toContain(
      'line 5 (holder4@example.com): invalid: changed since an earlier run e-mailed this holder with other values',
    );
    expect(bench.sandbox.totalDeliveries()).toBe(5);
  });
});

describe('agent-cli offers email --csv: limits and earlier runs', () => {
  it('refuses --batch-size above the service cap up front, naming the override', async () => {
    const csv = await writeCsv(await tempDir(), holderLines(30));
    const result = await bulk(csv, '--batch-size', '12');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error: --batch-size 12 is above the service's cap of 10 .*--max-batch-size 12/,
    );
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('warns before sending when the journal is new but an earlier run of the CSV left a journal or report', async () => {
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(2));
    const report = join(dir, 'r.json');
    expect((await bulk(csv, '--report', report)).code).toBe(0);
    // The same rows to the same target with a new journal: refused, naming the journal to resume.
    const other = await bulk(csv, '--journal', join(dir, 'other.jsonl'));
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      `error: journal ${csv}.journal.jsonl is from an earlier run of the same rows`,
    );
    // A journal of an earlier version of the CSV (other rows) is only warned about.
    await writeCsv(dir, holderLines(3));
    const edited = await bulk(csv, '--journal', join(dir, 'other.jsonl'));
    expect(edited.stderr).toContain(`warning: ${csv}.journal.jsonl is from an earlier run of ${csv}`);
    await rm(`${csv}.journal.jsonl`);
    // A run refused before sending keeps no journal of its own.
    await rm(join(dir, 'other.jsonl'), { force: true });
    const again = await bulk(csv, '--report', report);
    expect(again.stderr.split('\n')[0]).toBe(
      `warning: ${report} is from an earlier run of ${csv}: this run starts a new journal ${csv}.journal.jsonl (rows an earlier run sent may be sent again; to continue that run instead, stop now and pass --journal <its journal> --resume)`,
    );
  });
});
