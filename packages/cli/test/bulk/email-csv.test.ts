import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CRED_DEF_ID, fixture } from '../support/fixtures.js';
import { useSandbox } from '../support/sandbox.js';
import { holderLines, tempDir, writeCsv } from './support.js';

const bench = useSandbox();
const indy = ['--credential-type', 'indy', '--cred-def-id', CRED_DEF_ID];

describe('agent-cli offers email --csv', () => {
  it('sends one offer per row in batches and prints the tally', async () => {
    const csv = await writeCsv(await tempDir(), holderLines(23));
    const result = await bench.run(['offers', 'email', '--csv', csv, ...indy, '--batch-size', '5']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('done: sent 23\n');
    expect(result.stderr.trimEnd().split('\n').at(-1)).toMatch(
      /^23\/23 rows · 23 sent · 0 failed · \d+ rows\/s$/,
    );
    expect(bench.sandbox.requestCount('POST', '/orgs')).toBe(5);
    expect(holderLines(23).map((l) => bench.sandbox.deliveries(l.split(',')[0] ?? ''))).toEqual(
      Array(23).fill(1),
    );
  });

  it('sends a +value of a known-value flag as it is (the SDK takes it as unknownValue)', async () => {
    const csv = await writeCsv(await tempDir(), holderLines(2));
    const escaped = ['--credential-type', 'indy', '--cred-def-id', CRED_DEF_ID, '--protocol-version', '+v9'];
    const result = await bench.run(['offers', 'email', '--csv', csv, ...escaped, '--json']);
    // Sent, and refused by the service (as the real platform refuses v9), not by the SDK.
    expect(bench.sandbox.requestCount('POST', '/orgs')).toBe(1);
    expect(result.stderr).toContain('protocolVersion must be one of the following values: v1, v2');
    expect(bench.sandbox.totalDeliveries()).toBe(0);
  });

  it("registers its journal in the run's XDG_STATE_HOME, not under the process's home", async () => {
    const csv = await writeCsv(await tempDir(), holderLines(3));
    const state = join(bench.configDir(), 'state');
    const result = await bench.run(['offers', 'email', '--csv', csv, ...indy], {
      env: { XDG_STATE_HOME: state },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(await readdir(join(state, 'agent-cli', 'journals'))).toHaveLength(2);
  });

  it('reports bad rows with their line numbers, sends the good ones and exits 3', async () => {
    const csv = await writeCsv(await tempDir(), [
      'a@example.com,Alice,BSc',
      'oops,Bob,BSc',
      'c@example.com,Carl,',
    ]);
    const result = await bench.run(['offers', 'email', '--csv', csv, ...indy, '--json']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('line 3 (oops): invalid: invalid e-mail "oops"\n');
    expect(result.stderr).toContain('line 4 (c@example.com): invalid: empty value for column degree\n');
    expect(JSON.parse(result.stdout)).toMatchObject({ sent: 1, invalid: 2, total: 3 });
    expect(bench.sandbox.deliveries('a@example.com')).toBe(1);
    expect(bench.sandbox.totalDeliveries()).toBe(1);
  });

  it('checks the rows with --dry-run without sending, exiting 1 when a row has a problem', async () => {
    const csv = await writeCsv(await tempDir(), ['a@example.com,Alice,BSc', 'a@example.com,Alice,BSc']);
    const result = await bench.run(['offers', 'email', '--csv', csv, ...indy, '--dry-run']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('checked: valid 1, invalid 1\n');
    expect(result.stderr).toContain(
      'line 3 (a@example.com): invalid: duplicate e-mail a@example.com (first on line 2)\n',
    );
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('maps --subject-columns into the JSON-LD credential of the template file', async () => {
    const dir = await tempDir();
    const csv = await writeCsv(dir, ['x@example.com,Xena,MSc'], 'emailId,name,degree');
    const argv = ['offers', 'email', '--csv', csv, '--file', fixture('email-offer.json')];
    const result = await bench.run([...argv, '--subject-columns', 'degree', '--report', `${dir}/r.json`]);
    expect(result.code).toBe(0);
    expect(bench.sandbox.deliveries('x@example.com')).toBe(1);
    const report = JSON.parse(await readFile(`${dir}/r.json`, 'utf8'));
    expect(report.rows).toEqual([{ line: 2, email: 'x@example.com', status: 'sent', batch: 1 }]);
  });

  it('is a usage error to name an unknown column, before anything is sent', async () => {
    const csv = await writeCsv(await tempDir(), holderLines(2));
    const result = await bench.run([
      'offers',
      'email',
      '--csv',
      csv,
      ...indy,
      '--attr-columns',
      'name,grade',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: unknown column(s) in --attr-columns: grade (columns: email, name, degree)\n',
    );
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('is a usage error to combine --csv with --email, or to give a malformed --shard', async () => {
    const csv = await writeCsv(await tempDir(), holderLines(2));
    const both = await bench.run(['offers', 'email', '--csv', csv, ...indy, '--email', 'a@example.com']);
    const shard = await bench.run(['offers', 'email', '--csv', csv, ...indy, '--shard', '3/2']);
    const huge = await bench.run([
      'offers',
      'email',
      '--csv',
      csv,
      ...indy,
      '--shard',
      '1/99999999999999999999',
    ]);
    expect([both.code, shard.code, huge.code]).toEqual([2, 2, 2]);
    expect(both.stderr).toBe('error: --email and --csv do not go together: the CSV names the holders\n');
    expect(shard.stderr).toBe(
      'error: --shard must look like i/n with 1 ≤ i ≤ n ≤ 4096 (e.g. 2/4), got "3/2"\n',
    );
    expect(huge.stderr).toBe(
      'error: --shard must look like i/n with 1 ≤ i ≤ n ≤ 4096 (e.g. 2/4), got "1/99999999999999999999"\n',
    );
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('exits 1 when no row could be sent', async () => {
    const csv = await writeCsv(await tempDir(), ['nobody,N,BSc']);
    const result = await bench.run(['offers', 'email', '--csv', csv, ...indy]);
    expect(result.code).toBe(1);
    expect(bench.sandbox.totalDeliveries()).toBe(0);
  });
});
