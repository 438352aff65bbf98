import { join } from 'node:path';
import type { RunningSandbox } from '@credential-agent/sandbox';
import { validateBulkRows } from '@credential-agent/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, INDY_FLAGS, startBulk } from './bin.js';
import { sandboxAgent, tempDir, writeCsv } from './support.js';

async function bulk(running: RunningSandbox, dir: string, argv: string[]) {
  const run = startBulk(running, join(dir, 'config'), argv);
  const code = await run.exit;
  return { code, stdout: run.stdout, stderr: run.stderr };
}

// Attack on issue 18 (H1, H1b): the SDK and the CLI judge the same rows alike.
describe('agent-cli offers email --csv: the SDK and the CLI give one verdict per row', {
  timeout: 60_000,
}, () => {
  beforeAll(ensureBuilt, 120_000);

  it('refuses the rows the SDK refuses (a holder again in another case, a blank or hidden value; a padded address is trimmed by both), each holder e-mailed once', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const rows: [string, string][] = [
      ['A@EXAMPLE.COM', 'Ada'],
      ['a@example.com', 'Ada'],
      [' f@example.com ', 'Fay'],
      ['b@example.com', '   '],
      ['c@example.com', 'C\u202eD'],
      ['d@example.com', 'Dan'],
    ];
    const csv = await writeCsv(
      dir,
      rows.map(([email, name]) => `${email},${name}`),
      'email,name',
    );
    const sdk = validateBulkRows(
      { credentialType: 'indy', protocolVersion: 'v1', credentialDefinitionId: 'cred-def' },
      rows.map(([emailId, value]) => ({ offer: { emailId, attributes: [{ name: 'name', value }] } })),
    );
    expect(sdk.map((v) => v.valid)).toEqual([true, false, true, false, false, true]);
    for (const dry of [['--dry-run'], []]) {
      const result = await bulk(running, dir, [csv, ...INDY_FLAGS, ...dry, '--json']);
      expect(JSON.parse(result.stdout)).toMatchObject({ invalid: 3 });
      expect(result.stderr).toContain(
        'line 3 (a@example.com): invalid: duplicate e-mail a@example.com (first on line 2)',
      );
      expect(result.stderr).not.toContain('line 4');
      expect(result.stderr).toContain('line 5 (b@example.com): invalid: empty value for column name');
      expect(result.stderr).toMatch(/line 6 \(c@example.com\): invalid: column name holds U\+202E/);
    }
    // The sandbox counts a holder whatever the case: three deliveries in all, one each.
    expect(running.sandbox.totalDeliveries()).toBe(3);
    expect(
      ['a@example.com', 'f@example.com', 'd@example.com'].map((e) => running.sandbox.deliveries(e)),
    ).toEqual([1, 1, 1]);
  });
});
