import { constants } from 'node:fs';
import { access, lstat, readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../../errors/usage-error.js';
import { readSmallFile } from '../files.js';
import { JournalEntry, type JournalHeader, type JournalTarget } from './entry.js';
import { normaliseBaseUrl } from './journal.js';

/**
 * The header of a journal file, or undefined when it is not one (or not a regular file);
 * `unreadable` when this user may not read it (another user's journal, 0600).
 */
async function headerOf(path: string): Promise<JournalHeader | 'unreadable' | undefined> {
  const found = await lstat(path).catch(() => undefined);
  if (!found?.isFile()) return undefined;
  if (
    await access(path, constants.R_OK).then(
      () => false,
      (e: NodeJS.ErrnoException) => e.code === 'EACCES',
    )
  )
    return 'unreadable';
  try {
    const text = await readSmallFile(path, 'journal', 16_384);
    const parsed = JournalEntry.safeParse(JSON.parse(text.split('\n')[0] ?? ''));
    return parsed.success && parsed.data.t === 'header' ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Warnings for a run that starts a new journal while traces of an earlier run of the same CSV (and
 * shard) are around: another journal of it next to the CSV or the journal, or the reports already
 * there. A run whose journal was deleted would otherwise e-mail every holder again without a word.
 * Journals of the other shards of the same layout (`2/2` for `1/2`) are not traces; a journal of
 * another layout is (it e-mailed some of the same holders). Only regular files are read, so a FIFO
 * named `*.jsonl` never blocks the run.
 * @throws {@link UsageError} when one of those journals records the same CSV content (under any
 * file name) sent to the same target: a new journal would e-mail its holders again. With `newRun`
 * (`--new-run`, the user means it) that journal is warned about instead.
 */
export async function earlierRuns(
  journal: string,
  csv: string,
  shard: string | undefined,
  reports: (string | undefined)[],
  run: { content: string; target: Omit<JournalTarget, 'common'> },
  newRun = false,
): Promise<string[]> {
  const found: string[] = [];
  const dirs = [...new Set([dirname(journal), dirname(csv)].map((d) => resolve(d)))];
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.jsonl'))) {
      const path = join(dir, name);
      if (path === resolve(journal)) continue;
      const header = await headerOf(path);
      if (header === 'unreadable' && !newRun) {
        throw new UsageError(
          `journal ${path} next to the CSV cannot be read by this user: it may be another user's run of these rows, which this run cannot check (ask its owner); to start a new run anyway, pass --new-run`,
        );
      }
      if (!header || header === 'unreadable' || disjointShards(header.shard, shard)) continue;
      const sameRows = header.content === run.content;
      const layout = header.shard ? `--shard ${header.shard}` : 'the whole CSV';
      const of = header.shard === shard ? '' : ` (${layout})`;
      const pass = header.shard ? ` --shard ${header.shard}` : '';
      if (
        sameRows &&
        !newRun &&
        mayBeSameTarget(header.target, run.target) &&
        !sameTarget(header.target, run.target)
      ) {
        const was = header.target as JournalTarget;
        throw new UsageError(
          `journal ${path} is from an earlier run${of} of the same rows as --csv ${csv} to ${was.baseUrl} (organisation ${was.org}), which may be this run's ${run.target.baseUrl} (organisation ${run.target.org}) under another name: to continue it, pass --journal ${path}${pass} --resume with its target; to e-mail every holder again deliberately, pass --new-run`,
        );
      }
      const same = sameRows && sameTarget(header.target, run.target);
      if (same && newRun) {
        found.push(path);
        continue;
      }
      if (same) {
        throw new UsageError(
          `journal ${path} is from an earlier run${of} of the same rows as --csv ${csv} to this target: to continue it, pass --journal ${path}${pass} --resume; to e-mail every holder again deliberately, pass --new-run (or delete ${path})`,
        );
      }
      if (header.shard === shard && basename(header.csv) === basename(csv)) found.push(path);
    }
  }
  for (const report of reports) {
    if (report && (await lstat(report).catch(() => undefined))) found.push(report);
  }
  return found.map(
    (path) =>
      `warning: ${path} is from an earlier run of ${csv}: this run starts a new journal ${journal} (rows an earlier run sent may be sent again; to continue that run instead, stop now and pass --journal <its journal> --resume)`,
  );
}

/** Whether two shards of one layout (`1/2` and `2/2`) are in question: they share no holder. */
function disjointShards(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a !== b && a.split('/')[1] === b.split('/')[1];
}

/** The loopback names of one machine, as one. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `url` with a loopback host spelt `localhost` (a URL that does not parse is kept as it is). */
function loopbackAsOne(url: string): string {
  try {
    const parsed = new URL(url);
    if (LOOPBACK.has(parsed.hostname) || parsed.hostname.startsWith('127.')) parsed.hostname = 'localhost';
    return normaliseBaseUrl(parsed.href);
  } catch {
    return url;
  }
}

/**
 * Whether a journal's recorded target may be `target` under another name: `localhost` for
 * `127.0.0.1`, or the organisation id in another letter case (the spec does not say whether the
 * service tells them apart).
 */
function mayBeSameTarget(was: JournalTarget | undefined, target: Omit<JournalTarget, 'common'>): boolean {
  return (
    was !== undefined &&
    loopbackAsOne(was.baseUrl) === loopbackAsOne(target.baseUrl) &&
    was.org.toLowerCase() === target.org.toLowerCase() &&
    was.credentialType === target.credentialType
  );
}

/** Whether a journal's recorded target is `target` (the same service however its URL is spelt). */
function sameTarget(was: JournalTarget | undefined, target: Omit<JournalTarget, 'common'>): boolean {
  return (
    was !== undefined &&
    normaliseBaseUrl(was.baseUrl) === target.baseUrl &&
    was.org === target.org &&
    was.credentialType === target.credentialType
  );
}
