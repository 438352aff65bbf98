import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { CSV_OPTIONS } from './csv-source.js';
import type { ColumnMapping } from './mapping.js';
import type { Shard } from './shard.js';
import type { BulkTemplate } from './template.js';

/** What one pass over the CSV learns: its bytes' hash, and each data record's digest and line. */
export interface CsvScan {
  sha256: string;
  records: number;
  /** 8 base64url characters per data record (a hash of its fields), in file order. */
  digests: string;
  /** The line number of each data record. */
  lines: number[];
}

/** Hashes the CSV's bytes and each data record (header excluded) in one streamed pass. */
export async function scanCsv(path: string): Promise<CsvScan> {
  const hash = createHash('sha256');
  const input = createReadStream(path);
  input.on('data', (chunk) => hash.update(chunk));
  const parser = input.pipe(parse(CSV_OPTIONS));
  input.on('error', (error) => parser.destroy(error));
  const digests: string[] = [];
  const lines: number[] = [];
  let header = true;
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    if (header) {
      header = false;
      continue;
    }
    digests.push(createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 8));
    lines.push(info.lines);
  }
  return { sha256: hash.digest('hex'), records: lines.length, digests: digests.join(''), lines };
}

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function inputOf(template: BulkTemplate, mapping: ColumnMapping, shard: Shard | undefined) {
  return {
    template,
    email: mapping.email.name,
    fields: mapping.fields.map((f) => f.name),
    shard: shard ? `${shard.index}/${shard.count}` : null,
  };
}

/**
 * Identifies a run's input apart from the CSV's rows: the effective template, the mapping and the
 * shard. A journal is never continued with other ones (the CSV's rows are checked one by one).
 */
export function runFingerprint(
  template: BulkTemplate,
  mapping: ColumnMapping,
  shard: Shard | undefined,
): string {
  return digest(inputOf(template, mapping, shard));
}

/** The fingerprint of version 1 journals: the same, plus the hash of the CSV's bytes. */
export function legacyFingerprint(
  scan: CsvScan,
  template: BulkTemplate,
  mapping: ColumnMapping,
  shard: Shard | undefined,
): string {
  return digest({ csv: scan.sha256, ...inputOf(template, mapping, shard) });
}

/** How many of `records` data records fall into the shard (see `inShard`). */
export function recordsInShard(records: number, shard: Shard | undefined): number {
  if (!shard) return records;
  return Math.max(0, Math.ceil((records - (shard.index - 1)) / shard.count));
}
