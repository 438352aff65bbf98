import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { JournalEntry } from './journal-entry.js';

/** The header of a journal file, or undefined when it is not one. */
async function headerOf(path: string): Promise<JournalEntry | undefined> {
  const lines = createInterface({ input: createReadStream(path, 'utf8') });
  try {
    for await (const line of lines) {
      const parsed = JournalEntry.safeParse(JSON.parse(line));
      return parsed.success ? parsed.data : undefined;
    }
  } catch {
    return undefined;
  } finally {
    lines.close();
  }
  return undefined;
}

/**
 * Warnings for a run that starts a new journal while traces of an earlier run of the same CSV are
 * around: another journal of it next to the CSV or the journal, or the reports already there. A run
 * whose journal was deleted would otherwise e-mail every holder again without a word.
 */
export async function earlierRuns(
  journal: string,
  csv: string,
  digests: string,
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
      if (header?.t !== 'header') continue;
      const sameRows = header.digests !== undefined && header.digests.slice(0, 80) === digests.slice(0, 80);
      if (sameRows || basename(header.csv) === basename(csv)) found.push(path);
    }
  }
  for (const report of reports) {
    if (report && (await lstat(report).catch(() => undefined))) found.push(report);
  }
  return found.map(
    (path) =>
      `warning: ${path} is from an earlier run of ${csv}: this run starts a new journal ${journal} and sends every row (to continue that run instead, stop now and pass --journal <its journal> --resume)`,
  );
}
