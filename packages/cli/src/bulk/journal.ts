import { createReadStream } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { UsageError } from '../errors.js';

/** A journal line. `rows` are CSV line numbers. */
export type JournalEntry =
  | { t: 'header'; version: 1; fingerprint: string; csv: string; created: string }
  | { t: 'start'; batch: number; rows: number[] }
  | { t: 'done'; batch: number; rows: number[]; ok: boolean; inDoubt?: boolean; error?: string };

/** What earlier runs left: rows the service accepted, rows that may or may not have been sent. */
export interface JournalState {
  accepted: Set<number>;
  inDoubt: Set<number>;
  lastBatch: number;
}

/**
 * An append-only JSON-lines journal of the requests of a bulk run. Every append is on disk
 * (fdatasync) before its promise resolves; appends arriving during a sync share the next one.
 */
export class Journal {
  readonly #file: FileHandle;
  #pending: string[] = [];
  #waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  #flushing = false;

  private constructor(file: FileHandle) {
    this.#file = file;
  }

  /**
   * Opens (or creates) the journal. An existing one is continued only with `resume` and only when
   * its fingerprint matches.
   * @throws {@link UsageError} for a journal of other input, or an existing journal without `resume`.
   */
  static async open(
    path: string,
    header: { fingerprint: string; csv: string },
    resume: boolean,
  ): Promise<{ journal: Journal; state: JournalState }> {
    const size = await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    const state: JournalState = { accepted: new Set(), inDoubt: new Set(), lastBatch: 0 };
    if (size > 0) {
      const found = await readJournal(path, state);
      if (found !== header.fingerprint) {
        throw new UsageError(
          `journal ${path} belongs to a different CSV, template, mapping or shard: remove it or pass another --journal`,
        );
      }
      if (!resume) {
        throw new UsageError(
          `journal ${path} exists: pass --resume to continue that run, or remove the journal`,
        );
      }
    }
    const file = await open(path, 'a');
    const journal = new Journal(file);
    if (size === 0) {
      await journal.append({ t: 'header', version: 1, ...header, created: new Date().toISOString() });
      await syncDirectory(dirname(path));
    } else if (!(await endsWithNewline(path, size))) {
      await file.write('\n');
    }
    return { journal, state };
  }

  /** Appends an entry; resolves once it is on disk. */
  append(entry: JournalEntry): Promise<void> {
    this.#pending.push(`${JSON.stringify(entry)}\n`);
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    if (this.#flushing) return;
    this.#flushing = true;
    while (this.#pending.length) {
      const text = this.#pending.splice(0).join('');
      const waiters = this.#waiters.splice(0);
      try {
        await this.#file.write(text);
        await this.#file.datasync();
        for (const w of waiters) w.resolve();
      } catch (error) {
        for (const w of waiters) w.reject(error);
      }
    }
    this.#flushing = false;
  }

  /** Closes the file. */
  close(): Promise<void> {
    return this.#file.close();
  }
}

/** Replays a journal into `state`; returns its fingerprint. A torn last line (a crash) is ignored. */
async function readJournal(path: string, state: JournalState): Promise<string | undefined> {
  const status = new Map<number, 'flight' | 'ok' | 'doubt'>();
  let fingerprint: string | undefined;
  const lines = createInterface({
    input: createReadStream(path, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    const entry = parseLine(line);
    if (entry?.t === 'header') fingerprint ??= entry.fingerprint;
    else if (entry?.t === 'start') {
      state.lastBatch = Math.max(state.lastBatch, entry.batch);
      for (const row of entry.rows) status.set(row, 'flight');
    } else if (entry?.t === 'done') {
      for (const row of entry.rows) {
        if (entry.ok) status.set(row, 'ok');
        else if (entry.inDoubt) status.set(row, 'doubt');
        else status.delete(row);
      }
    }
  }
  for (const [row, s] of status) (s === 'ok' ? state.accepted : state.inDoubt).add(row);
  return fingerprint;
}

function parseLine(line: string): JournalEntry | undefined {
  try {
    const value = JSON.parse(line) as JournalEntry | null;
    return value && typeof value === 'object' && 't' in value ? value : undefined;
  } catch {
    return undefined;
  }
}

async function endsWithNewline(path: string, size: number): Promise<boolean> {
  const reader = await open(path, 'r');
  try {
    const { buffer } = await reader.read(Buffer.alloc(1), 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await reader.close();
  }
}

/** Makes a new file's directory entry durable too. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}
