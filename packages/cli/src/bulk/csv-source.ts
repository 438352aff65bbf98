import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { UsageError } from '../errors.js';

/** One data record of the CSV: its line number (the header is line 1), position and fields. */
export interface CsvRecord {
  /** The line on which the record ends; for single-line records, its line in an editor. */
  line: number;
  /** 0-based position among the data records (the header excluded). */
  index: number;
  fields: string[];
}

/** An opened CSV: its header and a one-shot stream of its data records. */
export interface CsvFile {
  header: string[];
  records: AsyncIterable<CsvRecord>;
  /** Stops reading (when the run ends early). */
  close(): void;
}

/** How every reader of the CSV parses it (the engine's rows and the scan must agree on records). */
export const CSV_OPTIONS = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: true,
  info: true,
} as const;

interface Parsed {
  record: string[];
  info: { lines: number };
}

/**
 * Streams a CSV file with a header row: quoted fields, a UTF-8 BOM and CRLF line ends are handled;
 * empty lines are skipped; rows with fewer or more fields than the header are kept (the row
 * checks report them).
 * @throws {@link UsageError} when the file cannot be read or has no header row.
 */
export async function openCsv(path: string): Promise<CsvFile> {
  const input = createReadStream(path);
  const parser = input.pipe(parse(CSV_OPTIONS));
  input.on('error', (error) => parser.destroy(error));
  const iterator: AsyncIterator<Parsed> = parser[Symbol.asyncIterator]();
  const first = await iterator.next().catch((error: unknown) => {
    throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (first.done) throw new UsageError(`${path} is empty: it needs a header row`);
  const header = first.value.record.map((h) => h.trim());
  return {
    header,
    records: records(iterator),
    close: () => {
      parser.destroy();
      input.destroy();
    },
  };
}

async function* records(iterator: AsyncIterator<Parsed>): AsyncGenerator<CsvRecord> {
  for (let index = 0; ; index++) {
    const next = await iterator.next();
    if (next.done) return;
    yield { line: next.value.info.lines, index, fields: next.value.record };
  }
}
