import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { ColumnMapping } from './mapping.js';
import type { Shard } from './shard.js';
import type { BulkTemplate } from './template.js';

/** What one pass over the CSV learns: a hash of its bytes and its number of data records. */
export interface CsvScan {
  sha256: string;
  records: number;
}

/** Hashes the CSV's bytes and counts its data records (header excluded) in one streamed pass. */
export async function scanCsv(path: string): Promise<CsvScan> {
  const hash = createHash('sha256');
  const input = createReadStream(path);
  input.on('data', (chunk) => hash.update(chunk));
  const parser = input.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  input.on('error', (error) => parser.destroy(error));
  let records = -1;
  for await (const _ of parser) records++;
  return { sha256: hash.digest('hex'), records: Math.max(0, records) };
}

/**
 * Identifies a run's input: the CSV bytes, the effective template, the mapping and the shard. A
 * journal records it in its header so that it is never continued with different input (whose line
 * numbers would name other holders).
 */
export function runFingerprint(
  scan: CsvScan,
  template: BulkTemplate,
  mapping: ColumnMapping,
  shard: Shard | undefined,
): string {
  const input = {
    csv: scan.sha256,
    template,
    email: mapping.email.name,
    fields: mapping.fields.map((f) => f.name),
    shard: shard ? `${shard.index}/${shard.count}` : null,
  };
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** How many of `records` data records fall into the shard (see `inShard`). */
export function recordsInShard(records: number, shard: Shard | undefined): number {
  if (!shard) return records;
  return Math.max(0, Math.ceil((records - (shard.index - 1)) / shard.count));
}
