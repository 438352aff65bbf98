import { lstat, readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { readSmallFile } from './files.js';
import { JournalEntry, type JournalHeader } from './journal-entry.js';

/** The header of a journal file, or undefined when it is not one (or not a regular file). */
async function headerOf(path: string): Promise<JournalHeader | undefined> {
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
 * Journals of other shards of the same CSV are not traces. Only regular files are read, so a FIFO
 * named `*.jsonl` never blocks the run.
 */
export async function earlierRuns(
  journal: string,
  csv: string,
  shard: string | undefined,
  reports: (string | undefined)[],
): Promise<string[]> {
  const found: string[] = [];
  const dirs = [...new Set([dirname(journal), dirname(csv)].map((d) => resolve(d)))];
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.jsonl'))) {
      const path = join(dir, name);
      if (path === resolve(journal)) continue;
      const header = await headerOf(path);
      if (header && basename(header.csv) === basename(csv) && header.shard === shard) found.push(path);
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
