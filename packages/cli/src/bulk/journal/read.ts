import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { UsageError } from '../../errors/usage-error.js';
import { splitKey } from '../csv/row-key.js';
import { JournalEntry, type JournalHeader, type JournalTarget } from './entry.js';

/**
 * What earlier runs left, by holder (the digest of the e-mail address) → the digest of the offer
 * sent: rows the service accepted, rows that may or may not have been sent.
 */
export interface JournalState {
  accepted: Map<string, string>;
  inDoubt: Map<string, string>;
  lastBatch: number;
  /** A line could not be read and named no rows: every row not accepted is in doubt. */
  allInDoubt: boolean;
}

/** An empty state (a new journal). */
export function emptyState(): JournalState {
  return { accepted: new Map(), inDoubt: new Map(), lastBatch: 0, allInDoubt: false };
}

/** Whether an earlier run may have e-mailed anyone. */
export function anythingSent(state: JournalState): boolean {
  return state.accepted.size > 0 || state.inDoubt.size > 0 || state.allInDoubt;
}

/** A journal as read back: its header, its current target, the state, the damage. */
export interface JournalRead {
  header: JournalHeader;
  target: JournalTarget | undefined;
  state: JournalState;
  /** `line 7: rows: expected array`: lines that are not valid entries (a torn last line excepted). */
  damaged: string[];
  /** The number of a last line cut short by a crash or a full disk (no newline at its end). */
  tornTail: number | undefined;
}

type Status = 'flight' | 'ok';

/** The rows a damaged line may be about: its `keys` that can be read, else its batch's keys. */
function salvage(value: unknown, batches: Map<number, string[]>): string[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const keys: unknown = Reflect.get(value, 'keys');
  if (Array.isArray(keys)) {
    const found = keys.filter((k): k is string => typeof k === 'string' && splitKey(k) !== undefined);
    if (found.length) return found;
  }
  const batch: unknown = Reflect.get(value, 'batch');
  return typeof batch === 'number' ? batches.get(batch) : undefined;
}

/** Adds `key` to `map` (holder → content). */
function put(map: Map<string, string>, key: string): void {
  const parts = splitKey(key);
  if (parts) map.set(parts.holder, parts.content);
}

/**
 * Replays a journal. Every line is checked against the schema; a line that fails names its number
 * in `damaged`, and the rows it may concern are in doubt (all rows not accepted, when it names none).
 * A last line without its newline was never acknowledged as written (the run sends only after
 * that), so it is set aside as `tornTail`. Undefined when the file holds only a header cut short.
 * @throws {@link UsageError} when the first line is not a valid header.
 */
export async function readJournal(path: string): Promise<JournalRead | undefined> {
  const status = new Map<string, Status>();
  // Rows an attempt may have sent: only a later accepted request clears them.
  const doubt = new Set<string>();
  const batches = new Map<number, string[]>();
  const problems = new Map<number, { reason: string; value: unknown }>();
  const state = emptyState();
  let header: JournalHeader | undefined;
  let target: JournalTarget | undefined;
  let number = 0;
  let last = { number: 0, valid: true };
  let headerProblem: string | undefined;
  const lines = createInterface({
    input: createReadStream(path, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    number++;
    if (line.trim() === '' && number > 1) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    const parsed = JournalEntry.safeParse(value);
    last = { number, valid: parsed.success };
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const reason =
        value === undefined ? 'not JSON' : `${issue?.path.join('.') || 'entry'}: ${issue?.message}`;
      if (number === 1) headerProblem = reason;
      else problems.set(number, { reason, value });
      continue;
    }
    const entry = parsed.data;
    if (entry.t === 'header') {
      if (number !== 1) problems.set(number, { reason: 'a second header', value: undefined });
      header ??= entry;
      target ??= entry.target;
    } else if (entry.t === 'target') target = entry.target;
    else if (entry.t === 'resume') {
      if (entry.torn !== undefined) problems.delete(entry.torn);
    } else if (entry.t === 'start') {
      state.lastBatch = Math.max(state.lastBatch, entry.batch);
      batches.set(entry.batch, entry.keys);
      for (const row of entry.keys) {
        // A row started again while its last start has no end: that attempt's fate is unknown.
        if (status.get(row) === 'flight') doubt.add(row);
        status.set(row, 'flight');
      }
    } else {
      batches.set(entry.batch, batches.get(entry.batch) ?? entry.keys);
      for (const row of entry.keys) {
        if (entry.ok) {
          status.set(row, 'ok');
          doubt.delete(row);
        } else {
          // A refused attempt proves nothing about an earlier one, so the doubt stays.
          if (entry.inDoubt !== false) doubt.add(row);
          if (status.get(row) !== 'ok') status.delete(row);
        }
      }
    }
  }
  if (!header || headerProblem !== undefined) {
    // Only a header cut short (a full disk at the first write): the run stopped before any request.
    if (number === 1 && !(await endsWithNewline(path))) return undefined;
    const why = headerProblem ? `line 1 is not a journal header (${headerProblem})` : 'it has no header line';
    throw new UsageError(`journal ${path} is damaged: ${why}`);
  }
  const tornTail = !last.valid && last.number > 1 && !(await endsWithNewline(path)) ? last.number : undefined;
  if (tornTail !== undefined) problems.delete(tornTail);
  const maybe = new Set(doubt);
  for (const [key, s] of status) s === 'ok' ? put(state.accepted, key) : maybe.add(key);
  for (const { value } of problems.values()) {
    const keys = salvage(value, batches);
    if (!keys) state.allInDoubt = true;
    for (const key of keys ?? []) maybe.add(key);
  }
  for (const key of maybe) if (status.get(key) !== 'ok') put(state.inDoubt, key);
  const damaged = [...problems].map(([n, p]) => `line ${n}: ${p.reason}`);
  return { header, target, state, damaged, tornTail };
}

/** Whether the file ends with a newline (an empty file does not). */
export async function endsWithNewline(path: string): Promise<boolean> {
  const reader = await open(path, 'r');
  try {
    const { size } = await reader.stat();
    if (size === 0) return false;
    const { buffer } = await reader.read(Buffer.alloc(1), 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await reader.close();
  }
}
