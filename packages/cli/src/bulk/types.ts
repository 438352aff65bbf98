import type { Offers } from '@credential-agent/sdk';
import type { MappingOptions } from './csv/mapping.js';
import type { Shard } from './csv/shard.js';
import type { BulkTemplate } from './csv/template.js';
import type { Tally } from './outcome.js';

/** What a bulk run is told. Paths are as given (relative to the working directory). */
export interface BulkRunOptions {
  csv: string;
  template: BulkTemplate;
  mapping: MappingOptions;
  batchSize: number;
  concurrency: number;
  dryRun: boolean;
  /** Default: `<csv>.journal.jsonl` (`<csv>.shard-i-of-n.journal.jsonl` with a shard). */
  journal?: string | undefined;
  resume: boolean;
  retryInDoubt: boolean;
  /** Start a new journal even when an earlier run of the same rows to this target left one. */
  newRun?: boolean | undefined;
  report?: string | undefined;
  junit?: string | undefined;
  shard?: Shard | undefined;
  /** The CSV's separator; default ','. */
  delimiter?: string | undefined;
  /** Where a real run sends (its journal is bound to it); absent for a dry run. */
  target?: { baseUrl: string; org: string } | undefined;
}

/** What a bulk run uses from outside: the SDK's offers (not for a dry run) and stderr. */
export interface BulkRunPorts {
  offers: (() => Promise<Pick<Offers, 'sendByEmailBulk'>>) | undefined;
  /** A line of chatter on stderr (row problems, warnings). */
  err: (line: string) => void;
  /** The run's secrets scrubbed from a server's words before they reach stderr, reports or the journal. */
  scrub?: ((text: string) => string) | undefined;
  /** Raw stderr, for the progress display. */
  progress: { write: (text: string) => void; tty: boolean };
  /** Stops the run gently (Ctrl-C): no new request starts, requests in flight finish. */
  stop?: AbortSignal | undefined;
  /** Cancels the requests in flight (a second Ctrl-C): their rows are in doubt. */
  cancel?: AbortSignal | undefined;
  now?: () => number;
  /** The run's environment (`XDG_STATE_HOME` places the user's lock directory); `process.env` when absent. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** How a run that got going ended: the tally, and why it stopped early if it did. */
export interface BulkOutcome {
  tally: Tally;
  /** The rows of the CSV (of the shard) the run was to go through. */
  expected: number;
  /** The error that stopped the run (abort, 401/403, a journal or report that could not be written). */
  stopped?: unknown;
  /** A report that could not be written at the end of a run that went to its end. */
  reportError?: unknown;
}
