import { createHash } from 'node:crypto';
import { type CsvInput, readCsv } from './csv-source.js';
import type { ColumnMapping } from './mapping.js';
import { normaliseEmail } from './row-key.js';
import { inShard, type Shard } from './shard.js';

/**
 * The first pass over the CSV, before anything is sent: every record is decoded (bytes that are not
 * UTF-8 are refused with their line), the rows of the shard are counted and the content is hashed.
 * Nothing is kept per row.
 * @returns the number of data records, of those in the shard, and the SHA-256 of the header and
 * records (the same rows under another file name, or with other line endings, have the same digest).
 */
export async function checkCsv(
  input: CsvInput,
  mapping: ColumnMapping,
  shard: Shard | undefined,
): Promise<{ records: number; expected: number; digest: string }> {
  const csv = await readCsv(input);
  const content = createHash('sha256').update(`${JSON.stringify(csv.header)}\n`);
  let records = 0;
  let expected = 0;
  try {
    for (let next = await csv.records.next(); !next.done; next = await csv.records.next()) {
      records++;
      content.update(`${JSON.stringify(next.value.fields)}\n`);
      if (!shard) continue;
      const email = normaliseEmail(next.value.fields[mapping.email.column] ?? '');
      if (inShard(shard, { hi: createHash('sha256').update(email).digest().readUInt32BE(0) })) expected++;
    }
  } finally {
    csv.close();
  }
  return { records, expected: shard ? expected : records, digest: content.digest('hex') };
}

/** The digest of the common fields of every request (a journal's target records it). */
export function commonDigest(common: unknown): string {
  return createHash('sha256').update(JSON.stringify(common)).digest('hex');
}

/** How many of `records` data records fall into the shard, when each holder is in one. */
export function describeShard(shard: Shard | undefined): string | undefined {
  return shard ? `${shard.index}/${shard.count}` : undefined;
}
