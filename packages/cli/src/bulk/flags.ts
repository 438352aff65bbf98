import { type Command, InvalidArgumentError, type Option } from 'commander';
import { UsageError } from '../errors/usage-error.js';

/** The flags of `offers email --csv`. Kept apart from the engine so that `--help` loads nothing heavy. */
export interface CsvFlags {
  csv?: string;
  emailColumn?: string;
  attrColumns?: string[];
  subjectColumns?: string[];
  batchSize?: number;
  maxBatchSize?: number;
  concurrency?: number;
  dryRun?: boolean;
  journal?: string;
  resume?: boolean;
  retryInDoubt?: boolean;
  newRun?: boolean;
  report?: string;
  junit?: string;
  shard?: string;
  delimiter?: string;
}

/** The parser of a list of column names, which must name one at least. */
function list(flag: string): (value: string) => string[] {
  return (value) => {
    const names = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length === 0) throw new UsageError(`${flag} names no column`);
    return names;
  };
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(`expected a whole number ≥ 1, got "${value}"`);
  return n;
}

/**
 * The parser of a bulk flag that takes one value: a second one is a usage error (commander keeps
 * the last silently, and `--report a.json --report b.json` left a script looking for a.json), and
 * so is an empty one.
 */
function once<T = string>(flag: string, parse: (value: string) => T = (value) => value as T) {
  let first: string | undefined;
  return (value: string): T => {
    if (first !== undefined) {
      const both = `${JSON.stringify(first)}, then ${JSON.stringify(value)}`;
      throw new UsageError(`${flag} is given twice (${both}): give it once`);
    }
    first = value;
    // An empty value is a variable left empty in a script: said as such, not as a missing file.
    if (value === '') throw new UsageError(`${flag} must not be empty`);
    return parse(value);
  };
}

/**
 * Adds the bulk flags to `offers email` and returns them: the options it added, which are the
 * bulk flags whatever their help text says.
 */
export function addCsvOptions(command: Command): readonly Option[] {
  const before = new Set(command.options);
  command
    .option(
      '--csv <path>',
      'bulk: e-mail every holder of a CSV file (header row; --file is the template)',
      once('--csv'),
    )
    .option(
      '--email-column <name>',
      'bulk: column of the e-mail addresses (default: email or emailId)',
      once('--email-column'),
    )
    .option(
      '--attr-columns <a,b>',
      'bulk, indy: columns that become attributes (default: all but the e-mail)',
      once('--attr-columns', list('--attr-columns')),
    )
    .option(
      '--subject-columns <a,b>',
      'bulk, jsonld: columns that become credentialSubject fields (default: all but the e-mail)',
      once('--subject-columns', list('--subject-columns')),
    )
    .option(
      '--delimiter <char>',
      'bulk: the CSV\'s separator (default ","; e.g. ";" or "\\t")',
      once('--delimiter'),
    )
    .option(
      '--batch-size <n>',
      'bulk: holders per request (at most --max-batch-size)',
      once('--batch-size', positiveInt),
      10,
    )
    .option(
      '--max-batch-size <n>',
      "bulk: the service's cap of holders per request (default 10)",
      once('--max-batch-size', positiveInt),
    )
    .option('--concurrency <n>', 'bulk: requests in flight at most', once('--concurrency', positiveInt), 4)
    .option('--dry-run', 'bulk: check every row and report problems; send nothing')
    .option('--journal <path>', 'bulk: journal of the run (default: <csv>.journal.jsonl)', once('--journal'))
    .option('--resume', 'bulk: continue the journal (which must exist): rows already sent are skipped')
    .option(
      '--retry-in-doubt',
      'bulk, with --resume: send again rows that may have been sent when a run died',
    )
    .option(
      '--new-run',
      'bulk: start a new journal even when one of an earlier run of the same rows to this target is next to the CSV (its holders are e-mailed again)',
    )
    .option('--report <path>', 'bulk: write a JSON report of every row', once('--report'))
    .option('--junit <path>', 'bulk: write a JUnit XML report (one testcase per row)', once('--junit'))
    .option(
      '--shard <i/n>',
      'bulk: send only shard i of n: the holders whose e-mail address, digested, falls in shard i (the same holder is in the same shard however the CSV is ordered or edited)',
      once('--shard'),
    )
    .addHelpText(
      'after',
      `
Bulk (--csv): row numbers are CSV line numbers (the header is line 1). Exit
code 0 when every row was sent, 3 when some were, 1 when none were. A journal
next to the CSV records each request before and after it is sent, and is
locked while a run uses it. --resume matches rows by content (the normalised
e-mail address and the values of the holder), not by line: it skips holders
already sent wherever they stand, sends holders not yet sent (new rows
anywhere in the CSV too), refuses a holder whose values changed since they
were e-mailed, and reports rows that may have been sent (in flight when a run
died) as "in doubt" (not resent unless --retry-in-doubt). --resume refuses a
missing journal.
  $ agent-cli offers email --csv holders.csv --file template.json --credential-type indy \\
      --journal holders.journal.jsonl --junit report.xml
  (after a failed or stopped run: the same command with --resume)`,
    );
  return command.options.filter((o) => !before.has(o));
}
