import type { Offers } from '@credential-agent/sdk';
import { openCsv } from './csv-source.js';
import { recordsInShard, scanCsv } from './fingerprint.js';
import { resolveMapping } from './mapping.js';
import { plannedRows } from './planned-rows.js';
import { RunState } from './run-state.js';
import { checkRows, sendRows } from './send.js';
import type { BulkOutcome, BulkRunOptions, BulkRunPorts } from './types.js';

/**
 * Runs a bulk e-mail offer from a CSV (or only checks it with `dryRun`) and returns the tally and
 * why it stopped early, if it did; the caller turns them into the exit code. Everything that can
 * be checked before the first request is: the mapping, the report paths, the lock and the journal.
 * @throws {@link UsageError} for an unknown column, an unusable journal or report path, a journal
 * in use by another run, or an unreadable file (nothing was sent).
 */
export async function runBulk(opts: BulkRunOptions, ports: BulkRunPorts): Promise<BulkOutcome> {
  const csv = await openCsv(opts.csv);
  const run = new RunState(opts, ports);
  try {
    const mapping = resolveMapping(csv.header, opts.template.common.credentialType, opts.mapping);
    let offers: Pick<Offers, 'sendByEmailBulk'> | undefined;
    let state: Awaited<ReturnType<RunState['openJournal']>>;
    let scan: Awaited<ReturnType<typeof scanCsv>>;
    try {
      await run.openReports();
      scan = await scanCsv(opts.csv);
      state = await run.openJournal(scan, mapping);
      offers = run.journal && ports.offers ? await ports.offers() : undefined;
    } catch (error) {
      await run.discard();
      throw error;
    }
    const expected = recordsInShard(scan.records, opts.shard);
    run.start(expected);
    const { template, shard, retryInDoubt } = opts;
    const settle = run.settle;
    const rows = plannedRows({ csv, mapping, template, shard, retryInDoubt, journal: state, settle });
    let stopped: unknown;
    try {
      if (!run.journal || !offers) await checkRows(rows, settle);
      else {
        const offset = state?.lastBatch ?? 0;
        const plan = {
          ...opts,
          common: template.common,
          journal: run.journal,
          offset,
          settle,
          stop: ports.stop,
        };
        await sendRows(rows, offers, plan);
      }
    } catch (error) {
      stopped = error;
    }
    const failure = await run.close(stopped);
    return { tally: run.tally, expected, stopped, reportError: failure };
  } finally {
    csv.close();
  }
}

export { defaultJournal } from './run-state.js';
