import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { UsageError } from '../../errors/usage-error.js';
import { fileKind } from '../paths.js';

/** One data record of the CSV: its line number (the header is line 1), position and fields. */
export interface CsvRecord {
  /** The line on which the record ends; for single-line records, its line in an editor. */
  line: number;
  /** 0-based position among the data records (the header excluded). */
  index: number;
  fields: string[];
}

/** One pass over the CSV: its header and a one-shot stream of its data records. */
export interface CsvFile {
  header: string[];
  records: AsyncIterator<CsvRecord>;
  /** Stops reading (when the run ends early). */
  close(): void;
}

/** The CSV of a run: a regular file opened once, read from its first byte by each pass. */
export interface CsvInput {
  path: string;
  delimiter: string;
  file: FileHandle;
  /** The chunks of the last whole first pass (length and SHA-256 each), which a later pass must match. */
  read?: Chunk[] | undefined;
}

/** One positional read of a pass. */
interface Chunk {
  length: number;
  digest: Buffer;
}

const CHUNK = 65_536;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

interface Parsed {
  record: string[];
  info: { lines: number };
}

/** Separators a CSV exported by a spreadsheet may use instead of commas. */
const OTHER_SEPARATORS: Record<string, string> = { ';': 'semicolons', '\t': 'tabs', '|': 'vertical bars' };

const shown = (separator: string) => (separator === '\t' ? '\\t' : separator);

/**
 * Opens the CSV of a run: a regular file (a pipe, FIFO, device or stdin would be consumed by the
 * first pass, or split between two readers), opened without blocking and checked again once open.
 * @throws {@link UsageError} naming `--csv` and what the path is.
 */
export async function openCsvInput(path: string, delimiter = ','): Promise<CsvInput> {
  const refuse = (kind: string) =>
    new UsageError(
      `--csv ${path} is ${kind}, not a regular file (a pipe or device can be read only once): save the rows to a file and pass its path (a run reads it from the start and is resumed from it)`,
    );
  const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read --csv ${path}: ${error.code ?? error.message}`);
  });
  if (!found.isFile()) throw refuse(fileKind(found));
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(
    (error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read --csv ${path}: ${error.code ?? error.message}`);
    },
  );
  const opened = await file.stat();
  if (!opened.isFile()) {
    await file.close();
    throw refuse(fileKind(opened));
  }
  const { buffer } = await file.read(Buffer.alloc(2), 0, 2, 0);
  const utf16 =
    buffer[0] === 0xff && buffer[1] === 0xfe ? 'LE' : buffer[0] === 0xfe && buffer[1] === 0xff ? 'BE' : '';
  if (utf16) {
    await file.close();
    throw new UsageError(
      `--csv ${path} is UTF-16 (it starts with a UTF-16 ${utf16} byte order mark): save it as UTF-8 (in a spreadsheet: "CSV UTF-8")`,
    );
  }
  return { path, delimiter, file };
}

/** A record's fields hold U+FFFD where its bytes were not UTF-8 (the parser decodes them so). */
function checkUtf8(input: CsvInput, fields: string[], line: number): void {
  const field = fields.findIndex((f) => f.includes('\uFFFD'));
  if (field === -1) return;
  // `line` is where the record ends: back by the line breaks after the character, in quoted fields.
  const bad = fields[field] ?? '';
  const after = [bad.slice(bad.indexOf('\uFFFD')), ...fields.slice(field + 1)];
  const breaks = after.join('').match(/\r\n|\r|\n/g)?.length ?? 0;
  throw new UsageError(
    `cannot read --csv ${input.path}: line ${line - breaks}, field ${field + 1}: not UTF-8 (an invalid byte, or the replacement character U+FFFD): save the file as UTF-8`,
  );
}

/**
 * Reads the CSV from its first byte: quoted fields, a UTF-8 BOM and CRLF line ends are handled;
 * empty lines are skipped; rows with fewer or more fields than the header are kept (the row
 * checks report them). Bytes that are not UTF-8 stop the pass with their line.
 * @throws {@link UsageError} when the file cannot be read, has no header row, or is separated by
 * something other than the delimiter.
 */
export async function readCsv(input: CsvInput, pass: 'first' | 'again' = 'first'): Promise<CsvFile> {
  const stream = Readable.from(bytes(input, pass), { objectMode: false });
  const parser = stream.pipe(
    parse({
      bom: true,
      // Each line of the file may end its own way (rows appended by another program): csv-parse
      // would take the first line end it meets as the only one.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      delimiter: input.delimiter,
    }),
  );
  stream.on('error', (error) => parser.destroy(error));
  const iterator: AsyncIterator<Parsed> = parser[Symbol.asyncIterator]();
  const close = () => {
    parser.destroy();
    stream.destroy();
  };
  const lines = new LineCounter();
  const first = await iterator.next().catch(async (error: unknown) => {
    close();
    throw await readError(input, lines, error);
  });
  if (first.done) {
    close();
    throw new UsageError(`--csv ${input.path} is empty: it needs a header row`);
  }
  checkUtf8(input, first.value.record, lines.of(first.value));
  const header = first.value.record.map((h) => h.trim());
  const other = Object.keys(OTHER_SEPARATORS).find(
    (s) => s !== input.delimiter && header.length === 1 && header[0]?.includes(s),
  );
  if (other !== undefined) {
    close();
    throw new UsageError(
      `--csv ${input.path} is separated by ${OTHER_SEPARATORS[other]} ("${shown(other)}"), not by "${shown(input.delimiter)}": pass --delimiter "${shown(other)}"`,
    );
  }
  return { header, records: records(input, iterator, lines), close };
}

/**
 * The file's bytes from the first, by positional reads: the same open file serves every pass. A
 * first pass records each read's length and digest; a pass `again` reads the same lengths and
 * yields a chunk only once it matches, so a file rewritten in place between or during the passes
 * stops the run before any row that differs from the checked ones reaches the parser.
 */
async function* bytes(input: CsvInput, pass: 'first' | 'again'): AsyncGenerator<Buffer> {
  const first: Chunk[] | undefined = pass === 'first' ? [] : undefined;
  const expected = first ? undefined : input.read;
  if (!first && !expected) throw new Error('the CSV was not read whole before its second pass');
  for (let position = 0, n = 0; ; n++) {
    const want = expected ? (expected[n]?.length ?? 1) : CHUNK;
    const { bytesRead, buffer } = await input.file.read(Buffer.allocUnsafe(want), 0, want, position);
    const chunk = buffer.subarray(0, bytesRead);
    const digest = createHash('sha256').update(chunk).digest();
    if (expected) {
      const was = expected[n];
      if (!was ? bytesRead > 0 : bytesRead !== was.length || !digest.equals(was.digest))
        throw changed(input, position);
    }
    if (bytesRead === 0) {
      if (first) input.read = first;
      return;
    }
    first?.push({ length: bytesRead, digest });
    position += bytesRead;
    yield chunk;
  }
}

/** What csv-parse's errors mean, in words that do not quote the file (its messages quote the field). */
const PARSE_ERRORS: Record<string, string> = {
  INVALID_OPENING_QUOTE:
    'a quote inside a field that does not start with one (quote the whole field and double each quote in it)',
  CSV_INVALID_CLOSING_QUOTE:
    'text after the closing quote of a quoted field (double each quote inside a quoted field)',
  CSV_QUOTE_NOT_CLOSED: 'a quoted field that is never closed (the file ends inside it)',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'a record with another number of fields',
  CSV_MAX_RECORD_SIZE: 'a record too large',
};

/**
 * A failure to read or parse the CSV as one line naming the file: where csv-parse stopped (line and
 * field) and why, never the text there, which csv-parse's own message quotes and which is a secret
 * when `--csv` names the wrong file.
 */
async function readError(input: CsvInput, counter: LineCounter, error: unknown): Promise<UsageError> {
  if (error instanceof UsageError) return error;
  const cannot = (why: string) => new UsageError(`cannot read --csv ${input.path}: ${why}`);
  const { code, lines, column, bytes } = (error ?? {}) as Record<string, unknown>;
  if (typeof code !== 'string') return cannot(error instanceof Error ? error.message : String(error));
  if (typeof lines !== 'number') return cannot(code);
  const line = typeof bytes === 'number' ? await lineAt(input, bytes) : undefined;
  const field = typeof column === 'number' ? `, field ${column + 1}` : '';
  return cannot(`line ${line ?? counter.line(lines)}${field}: ${PARSE_ERRORS[code] ?? code}`);
}

/**
 * The line, as an editor numbers it (CRLF, CR and LF each end one), of the record or field at
 * `offset`, where csv-parse's error stopped: the start of the field it could not read, or the end of
 * the record before when blank lines come between (they are skipped). Undefined if unreadable.
 */
async function lineAt(input: CsvInput, offset: number): Promise<number | undefined> {
  let line = 1;
  let afterCr = false;
  try {
    for (let position = 0; ; ) {
      const { bytesRead, buffer } = await input.file.read(Buffer.allocUnsafe(CHUNK), 0, CHUNK, position);
      // A byte order mark is no text: blank lines after it are still blank.
      const bom = position === 0 && buffer.subarray(0, Math.min(bytesRead, 3)).equals(BOM) ? 3 : 0;
      position += bom;
      for (let i = bom; i < bytesRead; i++, position++) {
        const byte = buffer[i];
        const lineEnd = byte === 0x0a || byte === 0x0d;
        // Past the offset only blank lines are counted, up to the record they come before.
        if (position >= offset && !lineEnd) return line;
        if ((byte === 0x0a && !afterCr) || byte === 0x0d) line++;
        afterCr = byte === 0x0d;
      }
      if (bytesRead === 0) return line;
    }
  } catch {
    return undefined;
  }
}

function changed(input: CsvInput, position: number): UsageError {
  return new UsageError(
    `--csv ${input.path} changed while the run was reading it (at byte ${position}): stopped before sending any row that differs from the rows checked; run again once the file is final`,
  );
}

/**
 * The line on which each record ends, as an editor numbers it. csv-parse's `info.lines` counts the
 * CR and the LF of a CRLF inside a quoted field as two lines (a CRLF between records as one), so
 * every such CRLF seen so far is taken back.
 */
class LineCounter {
  #countedTwice = 0;

  of({ record, info }: Parsed): number {
    for (const field of record) {
      for (let at = field.indexOf('\r\n'); at >= 0; at = field.indexOf('\r\n', at + 2)) this.#countedTwice++;
    }
    return this.line(info.lines);
  }

  /** A line csv-parse counted (in a record or an error), as an editor numbers it. */
  line(counted: number): number {
    return counted - this.#countedTwice;
  }
}

async function* records(
  input: CsvInput,
  iterator: AsyncIterator<Parsed>,
  lines: LineCounter,
): AsyncGenerator<CsvRecord> {
  for (let index = 0; ; index++) {
    const next = await iterator.next().catch(async (error: unknown) => {
      throw await readError(input, lines, error);
    });
    if (next.done) return;
    const line = lines.of(next.value);
    checkUtf8(input, next.value.record, line);
    yield { line, index, fields: next.value.record };
  }
}

/** The `--delimiter` value: one character; `\t` (typed as such) is a tab. */
export function parseDelimiter(text: string): string {
  const value = text === '\\t' || text === 'tab' ? '\t' : text;
  if ([...value].length !== 1 || value === '"' || value === '\n' || value === '\r') {
    throw new UsageError(
      `--delimiter must be one character other than a quote or a line end (e.g. ";" or "\\t"), got "${text}"`,
    );
  }
  return value;
}
