import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, INDY_FLAGS, startBulk } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

// Attack helper-73 (E): `--report a.json --report b.json` wrote b.json only, silently; a CI script
// that composes its flags would look for a report that was never written.
describe('agent-cli offers email --csv: a flag with a value is given once', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  it.each([
    ['--report', 'a.json', 'b.json'],
    ['--junit', 'a.xml', 'b.xml'],
    ['--journal', 'a.jsonl', 'b.jsonl'],
    ['--csv', 'holders.csv', 'other.csv'],
    ['--shard', '1/2', '2/2'],
    ['--batch-size', '5', '5'],
    ['--concurrency', '2', '3'],
    ['--email-column', 'email', 'mail'],
    ['--delimiter', ',', ';'],
    ['--attr-columns', 'name', 'degree'],
  ])(
    '%s twice (%s, then %s) is a usage error naming it: nothing sent, no file written',
    async (flag, a, b) => {
      const running = await sandboxAgent();
      const dir = await tempDir();
      const csv = await writeCsv(dir, holderLines(3));
      const path = (value: string) => (/\.(json|xml|jsonl|csv)$/.test(value) ? join(dir, value) : value);
      // startBulk gives --csv the CSV: only the second one is added.
      const given = flag === '--csv' ? [flag, path(b)] : [flag, path(a), flag, path(b)];
      const run = startBulk(running, join(dir, 'config'), [csv, ...INDY_FLAGS, ...given]);
      expect(await run.exit).toBe(2);
      const both = `${JSON.stringify(path(a))}, then ${JSON.stringify(path(b))}`;
      expect(run.stderr).toBe(`error: ${flag} is given twice (${both}): give it once\n`);
      expect(running.sandbox.requestCount('POST', '/orgs')).toBe(0);
      expect((await readdir(dir)).sort()).toEqual(['holders.csv']);
    },
  );
});

// Tried as a new user (stop 40): `--csv ''` said `cannot read --csv : ENOENT`, `--email-column ''`
// `unknown column in --email-column: ` and `--attr-columns ''` made every row invalid.
describe('agent-cli offers email --csv: a flag given an empty value', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  it.each([
    '--csv',
    '--email-column',
    '--attr-columns',
    '--journal',
    '--shard',
    '--delimiter',
    '--batch-size',
  ])('%s "" is a usage error naming it: nothing sent, no file written', async (flag) => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(3));
    const run = startBulk(
      running,
      join(dir, 'config'),
      flag === '--csv' ? [''] : [csv, ...INDY_FLAGS, flag, ''],
    );
    expect(await run.exit).toBe(2);
    expect(run.stderr).toBe(`error: ${flag} must not be empty\n`);
    expect(running.sandbox.requestCount('POST', '/orgs')).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['holders.csv']);
  });

  it.each([',', ' , '])('--attr-columns %j names no column: a usage error naming it', async (value) => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(3));
    const run = startBulk(running, join(dir, 'config'), [csv, ...INDY_FLAGS, '--attr-columns', value]);
    expect(await run.exit).toBe(2);
    expect(run.stderr).toBe('error: --attr-columns names no column\n');
    expect(running.sandbox.requestCount('POST', '/orgs')).toBe(0);
  });
});
