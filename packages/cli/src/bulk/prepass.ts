import { createHash } from 'node:crypto';
import { type CsvInput, readCsv } from './csv-source.js';
import { HolderDigests } from './holder-set.js';
import type { ColumnMapping } from './mapping.js';
import { holderDigest, normaliseEmail } from './row-key.js';
import { inShard, type Shard } from './shard.js';

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
}

/**
 * The first pass over the CSV, before anything is sent: every record is decoded (bytes that are not
 * UTF-8 are refused with their line), the rows of the shard are counted, the content is hashed and
 * the holders named twice are found. Per row it keeps 8 bytes (the holder's digest), dropped at
 * the end; nothing else.
 */
export async function checkCsv(
  input: CsvInput,
  mapping: ColumnMapping,
  shard: Shard | undefined,
): Promise<CsvCheck> {
  const csv = await readCsv(input);
  const content = createHash('sha256').update(`${JSON.stringify(csv.header)}\n`);
  const holders = new HolderDigests();
  let records = 0;
  let expected = 0;
  try {
    for (let next = await csv.records.next(); !next.done; next = await csv.records.next()) {
      records++;
      content.update(`${JSON.stringify(next.value.fields)}\n`);
      const email = normaliseEmail(next.value.fields[mapping.email.column] ?? '');
      const digest = holderDigest(email);
      if (email !== '') holders.add(digest.readBigUInt64BE(0));
      if (inShard(shard, { hi: digest.readUInt32BE(0) })) expected++;
    }
  } finally {
    csv.close();
  }
  const digest = content.digest('hex');
  return { records, expected: shard ? expected : records, digest, duplicates: holders.duplicates() };
}

/** The digest of the common fields of every request (a journal's target records it). */
export function commonDigest(common: unknown): string {
  return createHash('sha256').update(JSON.stringify(common)).digest('hex');
}

/** How many of `records` data records fall into the shard, when each holder is in one. */
export function describeShard(shard: Shard | undefined): string | undefined {
  return shard ? `${shard.index}/${shard.count}` : undefined;
}
