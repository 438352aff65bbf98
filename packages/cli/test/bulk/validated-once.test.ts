import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningSandbox } from '@credential-agent/sandbox';
import {
  type BulkEmailParams,
  type BulkRow,
  RequestValidationError,
  validateBulkRows,
} from '@credential-agent/sdk';
import { EmailOfferItem } from '@credential-agent/sdk/models';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runBulk } from '../../src/bulk/engine.js';
import { ensureBuilt, startBulk } from './bin.js';
import { capturePorts, holderLines, runOptions, sandboxAgent, tempDir, writeCsv } from './support.js';

async function bulk(running: RunningSandbox, dir: string, argv: string[]) {
  const run = startBulk(running, join(dir, 'config'), argv);
  const code = await run.exit;
  return { code, stdout: run.stdout, stderr: run.stderr };
}

const INDY: BulkEmailParams = {
  credentialType: 'indy',
  protocolVersion: 'v2',
  credentialDefinitionId: 'cred-def',
};
const INDY_FLAGS = ['--credential-type', 'indy', '--cred-def-id', 'cred-def'];

/** The problem lines a run printed: `line N (email): invalid: …`. */
const problems = (stderr: string) => stderr.split('\n').filter((l) => /^line \d+ /.test(l));

describe('bulk rows are judged by the SDK: the CLI prints its verdicts', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  it.each([
    // [header, row, the offer the CLI builds of it, the CLI's words for the SDK's issue]
    [
      'email,name',
      'oops,Alice',
      { emailId: 'oops', attributes: [{ name: 'name', value: 'Alice' }] },
      'invalid e-mail "oops"',
    ],
    // The CLI once said "valid" in a dry run for a row the SDK then refused (an indy offer without attributes).
    [
      'email',
      'a@example.com',
      { emailId: 'a@example.com', attributes: [] },
      'attributes: is required for indy offers',
    ],
  ])(
    'a --dry-run of %j / %j prints the verdict of validateBulkRows (shipped bin)',
    async (header, line, offer, words) => {
      const [verdict] = validateBulkRows(INDY, [{ row: 2, offer }]);
      expect(verdict?.valid).toBe(false);
      const issue = verdict && !verdict.valid ? verdict.issues[0] : undefined;
      expect(issue?.path.startsWith('offer.')).toBe(true);
      const running = await sandboxAgent();
      const dir = await tempDir();
      const csv = await writeCsv(dir, [line], header);
      const dry = await bulk(running, dir, [csv, ...INDY_FLAGS, '--dry-run']);
      expect(dry.code).toBe(1);
      expect(problems(dry.stderr)).toEqual([`line 2 (${offer.emailId}): invalid: ${words}`]);
      if (!words.startsWith('invalid e-mail')) expect(words).toContain(issue?.message);
      // A real run judges the row as the dry run did, in the same words; nothing is sent.
      const real = await bulk(running, dir, [csv, ...INDY_FLAGS]);
      expect([real.code, problems(real.stderr)]).toEqual([1, problems(dry.stderr)]);
      expect(running.sandbox.totalDeliveries()).toBe(0);
    },
  );

  it.each([
    ['comment', { comment: '' }],
    ['credentialDefinitionId', { credentialDefinitionId: 5 }],
    ['isReuseConnection', { isReuseConnection: 'yes' }],
  ])('refuses a template whose %s the SDK refuses, in the SDK words (shipped bin)', async (field, change) => {
    const common = { ...INDY, ...change } as BulkEmailParams;
    let refused: RequestValidationError | undefined;
    try {
      validateBulkRows(common, []);
    } catch (error) {
      if (error instanceof RequestValidationError) refused = error;
    }
    const issue = refused?.issues[0];
    expect(issue?.path).toBe(field);
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(1));
    const template = join(dir, 'template.json');
    await writeFile(template, JSON.stringify(common));
    const dry = await bulk(running, dir, [csv, '--file', template, '--dry-run']);
    expect([dry.code, dry.stderr]).toEqual([2, `error: template: ${issue?.path}: ${issue?.message}\n`]);
  });
});

describe('a run validates each row once', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([false, true])('dry run %s: the e-mail offer schema runs once per row', async (dryRun) => {
    const { agent, sandbox } = await sandboxAgent();
    const csv = await writeCsv(await tempDir(), [
      ...holderLines(30),
      'not-an-email,Bob,BSc',
      'c@example.com,,MSc',
    ]);
    const parse = vi.spyOn(EmailOfferItem._zod, 'run'); // every parse of a row runs it once
    const ports = capturePorts(dryRun ? undefined : agent);
    const { tally } = await runBulk(runOptions(csv, { dryRun }), ports);
    expect(tally.counts).toMatchObject(dryRun ? { valid: 30, invalid: 2 } : { sent: 30, invalid: 2 });
    expect(sandbox.totalDeliveries()).toBe(dryRun ? 0 : 30);
    // The row with an empty value is refused by the CLI (a CSV matter) and checked by the SDK
    // still, for one message naming all its problems: 32 rows, 32 checks.
    expect(parse).toHaveBeenCalledTimes(32);
  });

  it('sends the rows it checked as they were checked (the SDK trusts its own verdicts only)', async () => {
    const rows: BulkRow[] = [
      { row: 1, offer: { emailId: 'a@example.com', attributes: [{ name: 'n', value: 'v' }] } },
    ];
    const parse = vi.spyOn(EmailOfferItem._zod, 'run'); // every parse of a row runs it once
    expect(validateBulkRows(INDY, rows).map((v) => v.valid)).toEqual([true]);
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
