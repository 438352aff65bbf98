import type { Offers } from '@credential-agent/sdk';
import { CliFailure } from '../errors/cli-errors.js';
import { resolveMapping } from './csv/mapping.js';
import { Planner } from './csv/planned-rows.js';
import { cancelledBeforeSending, checkCsv } from './csv/prepass.js';
import { type CsvFile, openCsvInput, readCsv } from './csv/source.js';
import type { JournalState } from './journal/journal.js';
import { RunState } from './journal/run-state.js';
import { checkRows, sendRows } from './send.js';
import type { BulkOutcome, BulkRunOptions, BulkRunPorts } from './types.js';

/**
 * Runs a bulk e-mail offer from a CSV (or only checks it with `dryRun`) and returns the tally and
 * why it stopped early, if it did; the caller turns them into the exit code. Everything that can
 * be checked before the first request is, in this order: the CSV (a regular file, its separator,
 * its mapping, every byte UTF-8, at least one row), the report paths, the sign-in, then the lock and
 * the journal (its target). Whatever stops the run, every row of the CSV gets an outcome.
 * @throws {@link UsageError} for an unusable CSV, column, journal or report path, a journal in use
 * by another run or for another target (nothing was sent).
 */
export async function runBulk(opts: BulkRunOptions, ports: BulkRunPorts): Promise<BulkOutcome> {
  const input = await openCsvInput(opts.csv, opts.delimiter);
  try {
    const head = await readCsv(input);
    head.close();
    const mapping = resolveMapping(head.header, opts.template.bulk.params.credentialType, opts.mapping);
    const run = new RunState(opts, ports);
    let offers: Pick<Offers, 'sendByEmailBulk'> | undefined;
    let state: JournalState | undefined;
    let expected: number;
    let csv: CsvFile;
    let duplicates: Set<bigint>;
    try {
      await run.openReports();
      // A dry run registers no journal: it keeps no holder list.
      const counts = await checkCsv(input, mapping, opts.shard, ports.stop, !opts.dryRun);
      if (counts.records === 0)
        throw new CliFailure(`--csv ${opts.csv} has a header and no rows: nothing to send`);
      expected = counts.expected;
      duplicates = counts.duplicates;
      // Local refusals first: the sign-in check below asks the service.
      await run.checkJournal();
      offers = ports.offers ? await ports.offers() : undefined;
      state = await run.openJournal(counts.digest, counts.holders);
      await run.retireOldReports();
      // The pass that sends reads the bytes the check read, or stops where they differ.
      csv = await readCsv(input, 'again');
      if (ports.stop?.aborted) throw cancelledBeforeSending(ports.stop);
    } catch (error) {
      await run.discard();
      throw error;
    }
    run.start(expected);
    const { template, shard, retryInDoubt } = opts;
    const settle = run.settle;
    const journal = state;
    const planner = new Planner({
      source: opts.csv,
      csv,
      mapping,
      template,
      shard,
      retryInDoubt,
      journal,
      duplicates,
      settle,
    });
    let stopped: unknown;
    try {
      if (!run.journal || !offers) await checkRows(planner.rows(), settle, ports.stop);
      else {
        const offset = state?.lastBatch ?? 0;
        const plan = {
          ...opts,
          common: template.bulk,
          journal: run.journal,
          offset,
          settle,
          stop: ports.stop,
          cancel: ports.cancel,
          holders: planner.holders,
          scrub: ports.scrub,
        };
        await sendRows(planner.rows(), offers, plan);
      }
    } catch (error) {
      stopped = error;
    }
    // Rows the run did not reach are accounted for too (as not sent).
    if (stopped !== undefined) await planner.rest().catch(() => undefined);
    csv.close();
    const failure = await run.close(stopped);
    return { tally: run.tally, expected, stopped, reportError: failure };
  } finally {
    await input.file.close();
  }
}

export { defaultJournal } from './journal/run-state.js';
