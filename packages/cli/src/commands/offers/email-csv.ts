import { randomUUID } from 'node:crypto';
import { AuthenticationError, type BulkEmailParams } from '@credential-agent/sdk';
import { parseShard } from '../../bulk/csv/shard.js';
import { parseDelimiter } from '../../bulk/csv/source.js';
import { type BulkTemplate, toTemplate } from '../../bulk/csv/template.js';
import { runBulk } from '../../bulk/engine.js';
import type { CsvFlags } from '../../bulk/flags.js';
import { boundHeapGrowth } from '../../bulk/heap.js';
import type { Tally } from '../../bulk/outcome.js';
import { type CliContext, envCredentials } from '../../context.js';
import { AuthRequiredError, CliFailure, ExitWith } from '../../errors/cli-errors.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { UsageError } from '../../errors/usage-error.js';
import { readBodyFile, requireFields } from '../../terminal/input.js';
import { printData } from '../../terminal/output.js';
import { printable } from '../../terminal/printable.js';
import { cannotWriteStdout } from '../../terminal/write-errors.js';
import type { EmailBodyFlags } from './email-body.js';

type CsvOptions = EmailBodyFlags & CsvFlags & { csv: string; file?: string };

async function template(ctx: CliContext, opts: CsvOptions): Promise<BulkTemplate> {
  const file = await readBodyFile(ctx, opts.file);
  const overrides: Partial<BulkEmailParams> = {};
  if (opts.credentialType !== undefined) overrides.credentialType = opts.credentialType;
  if (opts.credDefId !== undefined) overrides.credentialDefinitionId = opts.credDefId;
  if (opts.comment !== undefined) overrides.comment = opts.comment;
  if (opts.protocolVersion !== undefined) overrides.protocolVersion = opts.protocolVersion;
  requireFields(
    { ...file, ...overrides },
    { credentialType: '--credential-type', credentialDefinitionId: '--cred-def-id' },
  );
  return toTemplate(opts.attr ? { ...file, attributes: opts.attr } : file, overrides);
}

/** After a run stopped early: what was not sent and how to go on. */
export function stopHint(tally: Tally, expected: number): string {
  // Rows skipped in a batch, and rows the run never reached.
  const left = tally.counts.skipped + Math.max(0, expected - tally.total);
  const doubt = tally.counts['in-doubt'];
  const inDoubt = `${doubt} row(s) in doubt: they may have reached the service; once you know they did not, run the same command again with --resume --retry-in-doubt`;
  if (left === 0 && doubt > 0) return inDoubt;
  if (left === 0) return 'every row was settled before the run stopped: nothing is left to send';
  const notSent = `${left} row(s) not sent: run the same command again with --resume to continue`;
  return doubt > 0 ? `${notSent}; ${inDoubt}` : notSent;
}

/**
 * The offers of a real run, once it is known that the run can sign in: a live token for this base
 * URL that the service accepts, or `AGENT_CLI_EMAIL`/`AGENT_CLI_PASSWORD` (signed in with now, and
 * again when the token expires mid-run). Checked before the journal is created.
 * @throws {@link AuthRequiredError} when neither is there (nothing was sent, no journal made).
 */
async function signedInOffers(ctx: CliContext, orgId: string, baseUrl: string) {
  const sdk = await ctx.sdk();
  const session = await sdk.auth.session();
  if (!session || session.expired) {
    const credentials = envCredentials(ctx.env);
    if (!credentials) {
      const why = session ? 'the access token has expired' : 'not signed in';
      throw new AuthRequiredError(
        `${why} for ${baseUrl}: nothing was sent (sign in, or set AGENT_CLI_EMAIL and AGENT_CLI_PASSWORD so a run can sign in again by itself)`,
      );
    }
    await sdk.auth.signIn(credentials, { signal: ctx.signal });
  }
  // A token can be live and still refused (revoked, or issued by another service): one GET that
  // matches no record (a fresh thread id) asks the service before the journal is made.
  await sdk.credentials
    .list({ threadId: randomUUID() }, { signal: ctx.signal })
    .catch(async (error: unknown) => {
      if (!(error instanceof AuthenticationError)) return;
      const credentials = envCredentials(ctx.env);
      if (!credentials)
        throw new AuthRequiredError(
          `the service at ${baseUrl} refused the access token (401): nothing was sent (sign in again, or set AGENT_CLI_EMAIL and AGENT_CLI_PASSWORD so a run can sign in by itself)`,
        );
      await sdk.auth.signIn(credentials, { signal: ctx.signal });
    });
  return sdk.org(orgId).offers;
}

/**
 * `agent-cli offers email --csv holders.csv`: one offer per CSV row, sent in batches; see
 * `runBulk`. Prints the tally on stdout and ends with exit code 0, 3 (some rows not sent) or 1
 * (none sent; with `--dry-run`: a row has a problem); 130 after Ctrl-C, with the tally.
 * Its flags were checked by `parseEmailOptions`.
 * @throws {@link UsageError} for a bad template, mapping, journal or output path.
 */
export async function runEmailCsv(ctx: CliContext, opts: CsvOptions): Promise<void> {
  const shard = opts.shard === undefined ? undefined : parseShard(opts.shard);
  const dryRun = opts.dryRun === true;
  // The settings are checked up front, in a dry run too (`AGENT_CLI_ORG=" "` is a usage error).
  const settings = await ctx.settings();
  const orgId = dryRun ? undefined : await ctx.org();
  const { requireBaseUrl } = await import('../../config/run-settings.js');
  const baseUrl = dryRun ? undefined : requireBaseUrl(settings);
  const delimiter = opts.delimiter === undefined ? undefined : parseDelimiter(opts.delimiter);
  boundHeapGrowth();
  // A failing stdout (a full disk) must not end the process while rows are out: it is said once the
  // run is accounted for, as a report that cannot be written is. A failing stderr never ends it.
  const outputWritten = ctx.io.holdOutput();
  const run = await runBulk(
    {
      csv: opts.csv,
      template: await template(ctx, opts),
      mapping: {
        emailColumn: opts.emailColumn,
        attrColumns: opts.attrColumns,
        subjectColumns: opts.subjectColumns,
      },
      batchSize: opts.batchSize ?? 10,
      concurrency: opts.concurrency ?? 4,
      dryRun,
      journal: opts.journal,
      resume: opts.resume === true,
      retryInDoubt: opts.retryInDoubt === true,
      newRun: opts.newRun === true,
      report: opts.report,
      junit: opts.junit,
      shard,
      delimiter,
      target: orgId === undefined || baseUrl === undefined ? undefined : { baseUrl, org: orgId },
    },
    {
      offers:
        orgId === undefined || baseUrl === undefined ? undefined : () => signedInOffers(ctx, orgId, baseUrl),
      err: (line) => ctx.io.err(line),
      scrub: (text) => ctx.secrets.scrub(text),
      env: ctx.env,
      progress: { write: (text) => ctx.io.stderr.write(text), tty: ctx.io.stderrIsTTY },
      stop: ctx.signal,
      cancel: dryRun ? undefined : ctx.holdSecondSignal(),
    },
  );
  const { tally, expected, stopped } = run;
  printData(
    ctx,
    { ...tally.counts, total: tally.total },
    () => `${dryRun ? 'checked' : stopped === undefined ? 'done' : 'stopped'}: ${tally.describe()}`,
  );
  const stdoutFailure = await outputWritten();
  const unprinted = stdoutFailure && new CliFailure(cannotWriteStdout(stdoutFailure));
  if (unprinted && run.reportError) ctx.io.err(`error: ${unprinted.message}`);
  // What the run could not write: its report, or its tally.
  const reportError = run.reportError ?? unprinted;
  if (stopped !== undefined) {
    if (ctx.signal.aborted) {
      const checked = `the dry run checked ${tally.total} of ${expected} row(s); nothing was sent`;
      ctx.io.err(`cancelled: ${dryRun ? checked : stopHint(tally, expected)}`);
      throw new ExitWith(ExitCode.Cancelled);
    }
    if (tally.total < expected || tally.counts.skipped) ctx.io.err(`note: ${stopHint(tally, expected)}`);
  }
  // A report that could not be written is said even when the run stopped for another reason.
  if (stopped !== undefined && reportError !== undefined)
    ctx.io.err(`error: ${printable(messageOf(reportError))}`);
  const problem = stopped ?? reportError;
  if (problem !== undefined) {
    // Rows went out: the exit code says how many (3, or 0 when all did), never "nothing was sent"
    // (1 or 2); a missing report is never 0.
    if (tally.counts.sent > 0) {
      const code = tally.total < expected ? ExitCode.PartialSuccess : tally.exitCode();
      const missing = reportError !== undefined && code === ExitCode.Ok;
      throw new ExitWith(missing ? ExitCode.PartialSuccess : code, 'rows were sent', { cause: problem });
    }
    // A usage-like error after the run started is not "refused before sending" (exit 2).
    if (problem instanceof UsageError) throw new Error(problem.message);
    throw problem;
  }
  // A dry run fails as soon as one row has a problem, so CI can gate the real run on it.
  const code = dryRun && tally.problems > 0 ? ExitCode.Failure : tally.exitCode();
  if (code !== ExitCode.Ok) throw new ExitWith(code);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
