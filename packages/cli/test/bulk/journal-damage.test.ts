import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';
import { holderEmails } from './bin.js';
import { holderLines, tempDir, writeCsv } from './support.js';

const bench = useSandbox();
const indy = ['--credential-type', 'indy', '--cred-def-id', 'cred-def'];

/** A finished run of 5 holders, one per request; its CSV and journal. */
async function finishedRun(): Promise<{ csv: string; journal: string; lines: string[] }> {
  const csv = await writeCsv(await tempDir(), holderLines(5));
  const first = await bench.run([
    'offers',
    'email',
    '--csv',
    csv,
    ...indy,
    '--batch-size',
    '1',
    '--concurrency',
    '1',
  ]);
  expect(first.code).toBe(0);
  const journal = `${csv}.journal.jsonl`;
  return { csv, journal, lines: (await readFile(journal, 'utf8')).trimEnd().split('\n') };
}

/** Resumes after `edit` rewrote the journal's lines; checks nobody got a second e-mail. */
async function resumeAfter(edit: (lines: string[]) => string[]) {
  const { csv, journal, lines } = await finishedRun();
  await writeFile(journal, `${edit(lines).join('\n')}\n`);
  const result = await bench.run(['offers', 'email', '--csv', csv, ...indy, '--resume', '--json']);
  expect(holderEmails(5).map((e) => bench.sandbox.deliveries(e))).toEqual([1, 1, 1, 1, 1]);
  return { ...result, journal };
}

/** Replaces the `done` line of the batch of CSV line `row`. */
const doneOf = (row: number, replacement: string) => (lines: string[]) =>
  lines.map((l) => (l.includes('"t":"done"') && l.includes(`"rows":[${row}]`) ? replacement : l));

describe('agent-cli offers email --csv --resume with a damaged journal', () => {
  it('reads a done line without rows by its batch: its row is in doubt, not resent', async () => {
    const result = await resumeAfter(doneOf(3, '{"t":"done","batch":2,"ok":true}'));
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/journal .*\.jsonl is damaged at line \d+: rows: .*treated as in doubt/);
    expect(result.stderr).toContain('line 3 (holder2@example.com): in-doubt:');
    expect(JSON.parse(result.stdout)).toMatchObject({ 'already-sent': 4, 'in-doubt': 1, total: 5 });
  });

  it('takes rows written as strings as in doubt, not as unsent', async () => {
    const result = await resumeAfter((lines) => lines.map((l) => l.replace('"rows":[4]', '"rows":["4"]')));
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ 'already-sent': 4, 'in-doubt': 1 });
  });

  it('takes rows that is not an array as in doubt (from the batch start)', async () => {
    const result = await resumeAfter(doneOf(5, '{"t":"done","batch":4,"rows":5,"ok":true}'));
    expect(JSON.parse(result.stdout)).toMatchObject({ 'already-sent': 4, 'in-doubt': 1 });
  });

  it('puts every row not proven sent in doubt when a damaged line names no rows', async () => {
    const result = await resumeAfter((lines) => lines.map((l, i) => (i === 3 ? '%%garbage%%' : l)));
    expect(result.stderr).toMatch(/damaged at line 4: not JSON/);
    expect(result.stderr).toContain('names no rows: every row not sent is in doubt');
    const counts = JSON.parse(result.stdout);
    expect(counts['already-sent'] + counts['in-doubt']).toBe(5);
  });

  it('refuses a journal whose header is damaged, naming the file and the line, before sending', async () => {
    const { csv, journal, lines } = await finishedRun();
    await writeFile(journal, `${['{"t":"header","version":2}', ...lines.slice(1)].join('\n')}\n`);
    const result = await bench.run(['offers', 'email', '--csv', csv, ...indy, '--resume']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: journal ${journal} is damaged: line 1 is not a journal header (csv: Invalid input: expected string, received undefined)\n`,
    );
    expect(bench.sandbox.totalDeliveries()).toBe(5);
  });
});

describe('agent-cli offers email --csv with a journal whose header was cut short', () => {
  it('starts afresh: the run that wrote it stopped before any request', async () => {
    const csv = await writeCsv(await tempDir(), holderLines(3));
    await writeFile(`${csv}.journal.jsonl`, '{"t":"header","version":2,"finger');
    const result = await bench.run(['offers', 'email', '--csv', csv, ...indy, '--resume']);
    expect(result.code).toBe(0);
    expect(holderEmails(3).map((e) => bench.sandbox.deliveries(e))).toEqual([1, 1, 1]);
    const lines = (await readFile(`${csv}.journal.jsonl`, 'utf8')).split('\n');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ t: 'header', version: 3 });
  });
});
