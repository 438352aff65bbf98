import { createHash } from 'node:crypto';
import { EmailOfferItem } from '@credential-agent/sdk/models';
import { Cancelled } from '../../errors/cancelled.js';
import { HolderDigests } from './holder-set.js';
import type { ColumnMapping } from './mapping.js';
import { holderDigest, normaliseEmail } from './row-key.js';
import { inShard, type Shard } from './shard.js';
import { type CsvInput, readCsv } from './source.js';

/** What the first pass found. */
export interface CsvCheck {
  /** Data records in the file. */
  records: number;
  /** Records of the shard (all of them without one). */
  expected: number;
  /**
   * SHA-256 of the header and records: the same rows under another file name, or with other line
   * ends, have the same digest.
   */
  digest: string;
  /** The holders (see {@link holderId}) named on more than one row. */
  duplicates: Set<bigint>;
  /**
   * The holders of the shard (every holder without one), sorted, each once: 8 bytes a holder. Empty
   * when not asked for (a dry run registers no journal).
   */
  holders: BigUint64Array;
}

/**
 * The first pass over the CSV, before anything is sent: every record is decoded (bytes that are not
 * UTF-8 are refused with their line), the rows of the shard are counted, the content is hashed and
 * the holders named twice are found. Per row of the shard it keeps 8 bytes (the holder's digest),
 * returned sorted for the registry of journals (see `registry.ts`) when `keepHolders`; nothing else.
 */
export async function checkCsv(
  input: CsvInput,
  mapping: ColumnMapping,
  shard: Shard | undefined,
  stop?: AbortSignal | undefined,
  keepHolders = true,
): Promise<CsvCheck> {
  const csv = await readCsv(input);
  const content = createHash('sha256').update(`${JSON.stringify(csv.header)}\n`);
  const holders = new HolderDigests();
  let records = 0;
  let expected = 0;
  try {
    for (let next = await csv.records.next(); !next.done; next = await csv.records.next()) {
      if (stop?.aborted) throw cancelledBeforeSending(stop);
      records++;
      content.update(`${JSON.stringify(next.value.fields)}\n`);
      const given = (next.value.fields[mapping.email.column] ?? '').trim();
      const digest = holderDigest(normaliseEmail(given));
      // A holder is in one shard: the rows of other shards can neither repeat this one's holders
      // nor be e-mailed by this run.
      if (!inShard(shard, { hi: digest.readUInt32BE(0) })) continue;
      expected++;
      if (isAddress(given)) holders.add(digest.readBigUInt64BE(0));
    }
  } finally {
    csv.close();
  }
  const digest = content.digest('hex');
  const lists: BigUint64Array[] = [];
  const duplicates = holders.duplicates(keepHolders ? (list) => lists.push(list) : undefined);
  return { records, expected, digest, duplicates, holders: uniqueOf(lists) };
}

const ADDRESS = EmailOfferItem.shape.emailId;

/**
 * Whether a trimmed cell is an address the run may e-mail, by the SDK's own rule: a row without one
 * (empty, or a typo such as `not-an-email`) is refused, names nobody, and is nobody's holder (two
 * unrelated CSVs holding the same typo do not share a holder).
 */
function isAddress(email: string): boolean {
  return email !== '' && ADDRESS.safeParse(email).success;
}

/** The values of sorted lists (each after the one before), each once. */
function uniqueOf(lists: BigUint64Array[]): BigUint64Array {
  const out = new BigUint64Array(lists.reduce((n, l) => n + l.length, 0));
  let n = 0;
  for (const list of lists) {
    for (const value of list) if (n === 0 || out[n - 1] !== value) out[n++] = value;
  }
  return out.subarray(0, n);
}

/** The digest of the common fields of every request (a journal's target records it). */
export function commonDigest(common: unknown): string {
  return createHash('sha256').update(JSON.stringify(common)).digest('hex');
}

/** How many of `records` data records fall into the shard, when each holder is in one. */
export function describeShard(shard: Shard | undefined): string | undefined {
  return shard ? `${shard.index}/${shard.count}` : undefined;
}

/** Ctrl-C or SIGTERM before the first request: nothing was sent, and no journal is left behind. */
export function cancelledBeforeSending(stop: AbortSignal): Cancelled {
  return new Cancelled('cancelled before sending: nothing was sent (no journal was kept)', {
    cause: stop.reason,
  });
}
