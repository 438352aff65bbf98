import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defaultJournal, runBulk } from '../../src/bulk/engine.js';
import { ExitCode } from '../../src/errors/exit-codes.js';
import { capturePorts, holderLines, runOptions, sandboxAgent, tempDir, writeCsv } from './support.js';

describe('bulk e-mail offers from a CSV', () => {
  it('delivers exactly one offer to each of 10,000 holders, ten per request', {
    timeout: 90_000,
  }, async () => {
    const { agent, sandbox } = await sandboxAgent();
    const lines = holderLines(10_000);
    const csv = await writeCsv(await tempDir(), lines);
    const { tally } = await runBulk(runOptions(csv), capturePorts(agent));
    expect(tally.counts.sent).toBe(10_000);
    expect(tally.exitCode()).toBe(ExitCode.Ok);
    const notOnce = lines
      .map((l) => l.split(',')[0] ?? '')
      .filter((email) => sandbox.deliveries(email) !== 1);
    expect(notOnce).toEqual([]);
    expect(sandbox.totalDeliveries()).toBe(10_000);
    expect(sandbox.requestCount('POST', '/orgs')).toBe(1_000);
  });

  it('reports bad rows with their line numbers and still sends the good ones', async () => {
    const { agent, sandbox } = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, [
      'a@example.com,Alice,BSc',
      'not-an-email,Bob,BSc',
      'c@example.com,,MSc',
      'A@example.com,Alice again,BSc',
      'd@example.com,Dora',
      'e@example.com,"Eve, Jr.",PhD',
    ]);
    const ports = capturePorts(agent);
    const { tally } = await runBulk(runOptions(csv, { report: `${dir}/report.json` }), ports);
    expect(ports.lines).toEqual([
      'line 3 (not-an-email): invalid: invalid e-mail "not-an-email"',
      'line 4 (c@example.com): invalid: empty value for column name',
      'line 5 (A@example.com): invalid: duplicate e-mail A@example.com (first on line 2)',
      'line 6 (d@example.com): invalid: missing value for column degree',
    ]);
    expect(['a@example.com', 'e@example.com'].map((e) => sandbox.deliveries(e))).toEqual([1, 1]);
    expect(sandbox.totalDeliveries()).toBe(2);
    expect(tally.exitCode()).toBe(ExitCode.PartialSuccess);
    const report = JSON.parse(await readFile(`${dir}/report.json`, 'utf8'));
    expect(report.summary).toMatchObject({ sent: 2, invalid: 4, total: 6 });
    expect(
      report.rows
        .filter((r: { status: string }) => r.status === 'sent')
        .map((r: { line: number }) => r.line)
        .sort(),
    ).toEqual([2, 7]);
  });

  it('checks every row in a dry run without sending anything', async () => {
    const { sandbox } = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, ['a@example.com,Alice,BSc', 'bad,Bob,BSc']);
    const ports = capturePorts(undefined);
    const { tally } = await runBulk(runOptions(csv, { dryRun: true }), ports);
    expect(ports.lines).toEqual(['line 3 (bad): invalid: invalid e-mail "bad"']);
    expect(tally.counts).toMatchObject({ valid: 1, invalid: 1, sent: 0 });
    expect(sandbox.requestCount()).toBe(0);
    await expect(readFile(defaultJournal(csv, undefined))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('counts a line break inside a quoted field once, whatever the line ends (CRLF, LF, CR)', async () => {
    const dir = await tempDir();
    const csv = `${dir}/holders.csv`;
    // The header and a row each hold a quoted CRLF; the bad rows end on lines 6 and 8 in an editor.
    const lines = [
      'email,name,"de\r\ngree"',
      'a@example.com,"Alice\r\nA.\r\nB.",BSc',
      'bad,Bob,BSc',
      '',
      'also-bad,"C\rD",MSc',
    ];
    for (const end of ['\r\n', '\n', '\r']) {
      await writeFile(csv, `${lines.join(end)}${end}`);
      const ports = capturePorts(undefined);
      await runBulk(runOptions(csv, { dryRun: true }), ports);
      expect(ports.lines, JSON.stringify(end)).toEqual([
        'line 6 (bad): invalid: invalid e-mail "bad"',
        'line 9 (also-bad): invalid: invalid e-mail "also-bad"',
      ]);
    }
  });

  it('answers 1 when no row could be sent', async () => {
    const { agent } = await sandboxAgent();
    const csv = await writeCsv(await tempDir(), ['bad,Bob,BSc']);
    const { tally } = await runBulk(runOptions(csv), capturePorts(agent));
    expect(tally.exitCode()).toBe(ExitCode.Failure);
  });

  it('refuses a mapping that names an unknown column before sending anything', async () => {
    const { agent, sandbox } = await sandboxAgent();
    const csv = await writeCsv(await tempDir(), holderLines(3));
    const run = runBulk(
      runOptions(csv, { mapping: { attrColumns: ['name', 'grade'] } }),
      capturePorts(agent),
    );
    await expect(run).rejects.toThrow(
      'unknown column(s) in --attr-columns: grade (columns: email, name, degree)',
    );
    expect(sandbox.requestCount()).toBe(0);
  });

  it('splits one CSV across shards without overlap or gaps', async () => {
    const { agent, sandbox } = await sandboxAgent();
    const csv = await writeCsv(await tempDir(), holderLines(25));
    const shards = [1, 2, 3].map((index) =>
      runBulk(runOptions(csv, { shard: { index, count: 3 } }), capturePorts(agent)),
    );
    const tallies = await Promise.all(shards);
    // Each holder is in one shard (by the digest of the address), so the shards' counts add up.
    const sent = tallies.map((t) => t.tally.counts.sent);
    expect(sent.reduce((a, b) => a + b)).toBe(25);
    expect(tallies.map((t) => t.expected)).toEqual(sent);
    expect(holderLines(25).map((l) => sandbox.deliveries(l.split(',')[0] ?? ''))).toEqual(Array(25).fill(1));
  });

  it('writes a JUnit report with one testcase per row and a failure for each row not sent', async () => {
    const { agent } = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, ['a@example.com,Alice,BSc', 'b@x,<Bob & Co>,BSc']);
    await runBulk(runOptions(csv, { junit: `${dir}/junit.xml` }), capturePorts(agent));
    const xml = await readFile(`${dir}/junit.xml`, 'utf8');
    expect(xml).toContain('tests="2" failures="1" errors="0" skipped="0"');
    expect(xml).toContain('<testcase classname="offers email" name="line 2 a@example.com" time="0"/>');
    expect(xml).toContain(
      'name="line 3 b@x" time="0"><failure type="invalid" message="invalid e-mail &quot;b@x&quot;"',
    );
  });

  it('continues a journal with --resume: rows accepted before are not sent again', async () => {
    const { agent, sandbox } = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(30));
    await runBulk(runOptions(csv), capturePorts(agent));
    const { tally } = await runBulk(runOptions(csv, { resume: true }), capturePorts(agent));
    expect(tally.counts).toMatchObject({ sent: 0, 'already-sent': 30 });
    expect(tally.exitCode()).toBe(ExitCode.Ok);
    expect(sandbox.totalDeliveries()).toBe(30);
  });

  it('refuses to reuse a journal without --resume; on resume refuses a changed row and sends a new one', async () => {
    const { agent, sandbox } = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(3));
    await runBulk(runOptions(csv), capturePorts(agent));
    await expect(runBulk(runOptions(csv), capturePorts(agent))).rejects.toThrow(
      'pass --resume to continue that run',
    );
    await writeCsv(dir, [
      'other@example.com,Other,BSc',
      'holder2@example.com,Renamed,BSc',
      ...holderLines(1, 3),
      ...holderLines(1),
    ]);
    const ports = capturePorts(agent);
    const { tally } = await runBulk(runOptions(csv, { resume: true }), ports);
    expect(tally.counts).toMatchObject({ sent: 1, 'already-sent': 2, invalid: 1 });
    expect(ports.lines).toContain(
      "line 3 (holder2@example.com): invalid: changed since an earlier run e-mailed this holder with other values: not sent, so the holder is not e-mailed twice (to continue, restore the row's earlier values or remove the row)",
    );
    expect(sandbox.deliveries('holder2@example.com')).toBe(1);
    expect(sandbox.deliveries('other@example.com')).toBe(1);
  });

  it('reports rows left in flight by a dead run as in doubt, and resends them only with --retry-in-doubt', async () => {
    const { agent, sandbox } = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(3));
    const journal = defaultJournal(csv, undefined);
    await runBulk(runOptions(csv, { batchSize: 1, concurrency: 1 }), capturePorts(agent));
    const lines = (await readFile(journal, 'utf8')).split('\n');
    // As if the run had died after sending line 4's request, before its answer was journalled.
    const header = lines[0];
    const kept = lines.filter(
      (l) => l.includes('"rows":[2]') || l.includes('"rows":[3]') || l.includes('"t":"start","batch":3'),
    );
    await writeFile(journal, `${[header, ...kept].join('\n')}\n{"t":"done","ba`);
    const ports = capturePorts(agent);
    const { tally } = await runBulk(runOptions(csv, { resume: true }), ports);
    expect(tally.counts).toMatchObject({ 'already-sent': 2, 'in-doubt': 1, sent: 0 });
    expect(sandbox.totalDeliveries()).toBe(3);
    expect(ports.lines).toEqual([
      expect.stringMatching(/^line 4 \(holder3@example.com\): in-doubt: an earlier run may have sent it/),
    ]);
    const retried = await runBulk(runOptions(csv, { resume: true, retryInDoubt: true }), capturePorts(agent));
    expect(retried.tally.counts).toMatchObject({ 'already-sent': 2, sent: 1 });
    expect(sandbox.deliveries('holder3@example.com')).toBe(2);
    expect(sandbox.totalDeliveries()).toBe(4);
  });
});
