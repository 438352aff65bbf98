import { printable } from '../terminal/printable.js';
import type { Style } from '../terminal/style.js';
import { displayWidth, padEnd, truncate } from './width.js';

/** A cell's text, control characters escaped (it is often the server's); missing values show as a dash. */
export function cell(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  return printable(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * How a column gives way on a terminal too narrow for its table (a pipe or `--wide` gets every
 * value whole):
 * - `id`: shortened to the shortest prefix unique in the column, 8 characters at least, as git
 *   shows commits; cut further (ending in `…`) only when nothing else is left to shrink;
 * - `date`: an ISO 8601 timestamp, shown to the second in local time (`2026-11-26 08:13:34`, as
 *   `ls -l` shows times), never cut;
 * - `word`: one of a small set of values (a state, a role), never cut;
 * - `text`: free text, the first to be cut (ending in `…`).
 */
export type ColumnKind = 'id' | 'date' | 'word' | 'text';

/** A table column: its header and how it gives way. */
export type Column = readonly [header: string, kind: ColumnKind];

/** The shortest ID prefix a table shows. */
export const MIN_ID_PREFIX = 8;

/** The widest cell of each column (a loop: spreading 100 000 rows into Math.max overflows the stack). */
function columnWidths(headers: readonly string[], rows: readonly string[][]): number[] {
  const widths = headers.map(displayWidth);
  for (const row of rows) {
    for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i] ?? 0, displayWidth(row[i] ?? ''));
  }
  return widths;
}

const GAP = '  ';

/** The columns a table of these column widths takes. */
function tableWidth(widths: readonly number[]): number {
  return widths.reduce((sum, w) => sum + w, GAP.length * (widths.length - 1));
}

/** The shortest prefix length (at least {@link MIN_ID_PREFIX}) that tells the values apart. */
function uniquePrefixLength(values: readonly string[]): number {
  const distinct = [...new Set(values)];
  const longest = Math.max(0, ...distinct.map(displayWidth));
  for (let length = MIN_ID_PREFIX; length < longest; length++) {
    if (new Set(distinct.map((v) => truncate(v, length, ''))).size === distinct.length) return length;
  }
  return longest;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 timestamp as local time to the second; any other text as it is. */
function localTime(text: string): string {
  const at = ISO_TIME.test(text) ? new Date(text) : undefined;
  if (!at || Number.isNaN(at.getTime())) return text;
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${day} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** The column's cells in their short form: IDs as unique prefixes, timestamps to the second. */
function shortened(kind: ColumnKind, cells: readonly string[]): string[] | undefined {
  if (kind === 'date') return cells.map(localTime);
  if (kind !== 'id') return undefined;
  const length = uniquePrefixLength(cells.filter((c) => c !== '-'));
  // A missing value stays `-`, also in a column where every value is missing (length 0).
  return cells.map((c) => (c === '-' ? c : truncate(c, length, '')));
}

/** The rows with ID and date columns in their short form, one column at a time while over `width`. */
function shortenedRows(columns: readonly Column[], rows: string[][], width: number): string[][] {
  const headers = columns.map(([header]) => header);
  for (const kind of ['id', 'date'] as const) {
    for (let i = 0; i < columns.length; i++) {
      if (tableWidth(columnWidths(headers, rows)) <= width) return rows;
      const short =
        columns[i]?.[1] === kind
          ? shortened(
              kind,
              rows.map((r) => r[i] ?? ''),
            )
          : undefined;
      if (short) rows = rows.map((r, n) => r.map((c, j) => (j === i ? (short[n] ?? c) : c)));
    }
  }
  return rows;
}

/** The widest column that `may` shrink and is wider than one character; -1 when there is none. */
function widestOf(widths: readonly number[], may: (i: number) => boolean): number {
  let widest = -1;
  widths.forEach((w, i) => {
    if (may(i) && w > 1 && (widest < 0 || w > (widths[widest] ?? 0))) widest = i;
  });
  return widest;
}

/** Narrows the widest column that `may` shrink by one, `over` times; returns what is still over. */
function shrink(widths: number[], may: (i: number) => boolean, over: number): number {
  for (let left = over; left > 0; left--) {
    const widest = widestOf(widths, may);
    if (widest < 0) return left;
    widths[widest] = (widths[widest] ?? 1) - 1;
  }
  return 0;
}

/**
 * Column widths that fit `width` (as gh's table printer does on a terminal): free-text columns
 * give way first, then the headers of ID columns wider than their values, then IDs; words and
 * dates never (a very narrow terminal wraps the line).
 */
function fitWidths(
  natural: readonly number[],
  values: readonly number[],
  kinds: readonly ColumnKind[],
  width: number,
): number[] {
  const widths = [...natural];
  let over = shrink(widths, (i) => kinds[i] === 'text', tableWidth(widths) - width);
  over = shrink(widths, (i) => kinds[i] === 'id' && (widths[i] ?? 0) > (values[i] ?? 0), over);
  shrink(widths, (i) => kinds[i] === 'id', over);
  return widths;
}

/**
 * An aligned table with a bold header; `empty` is shown when there are no rows. Cells are escaped
 * first, then measured in terminal columns; on a terminal (`style.width`) a table too wide for it
 * gives way column by column as {@link ColumnKind} says. Without a width every value is whole.
 */
export function table(
  columns: readonly Column[],
  rows: readonly string[][],
  style: Style,
  empty: string,
): string {
  if (rows.length === 0) return empty;
  const headers = columns.map(([header]) => header);
  const width = style.width;
  const safe = rows.map((r) => r.map(printable));
  const cells = width === undefined ? safe : shortenedRows(columns, safe, width);
  const natural = columnWidths(headers, cells);
  const kinds = columns.map(([, kind]) => kind);
  const widths =
    width === undefined
      ? natural
      : fitWidths(
          natural,
          columnWidths(
            headers.map(() => ''),
            cells,
          ),
          kinds,
          width,
        );
  const render = (line: readonly string[], paint: (s: string) => string) =>
    line
      .map((c, i) => {
        const shown = truncate(c, widths[i] ?? 0);
        return paint(i === line.length - 1 ? shown : padEnd(shown, widths[i] ?? 0));
      })
      .join(GAP)
      .trimEnd();
  return [render(headers, style.bold), ...cells.map((r) => render(r, (s) => s))].join('\n');
}

/** The style of a `--wide` listing: no width to fit, so every value is printed whole. */
export function wide(style: Style, on: boolean): Style {
  return on ? { ...style, width: undefined } : style;
}

/** A `label  value` line, with an optional colour applied after escaping. */
export type Field = readonly [label: string, value: unknown, paint?: (text: string) => string];

/** Aligned `label  value` lines; pairs whose value is undefined are left out. */
export function fields(pairs: readonly Field[], style: Style): string {
  const shown = pairs.filter(([, v]) => v !== undefined);
  const width = Math.max(0, ...shown.map(([label]) => label.length));
  return shown
    .map(
      ([label, value, paint]) =>
        `${style.dim(`${label}:`.padEnd(width + 1))}  ${(paint ?? String)(cell(value))}`,
    )
    .join('\n');
}

/** The `--wide` flag of a command that prints a table. */
export const WIDE_OPTION = ['--wide', 'print every value whole, also on a narrow terminal'] as const;

/** What the help of a command that prints a table says about its width. */
export const TABLE_WIDTH_HELP =
  'On a terminal too narrow for the table, IDs show as their shortest unique prefix (8 characters ' +
  'at least, as git does), dates to the second in local time, and free text is cut with …; ' +
  'states, roles and dates are never cut. In a pipe (for scripts), with --wide and with --json ' +
  'every value is whole. A shortened ID is for reading: credentials negotiate accepts one, other ' +
  'commands need the full ID (--wide or --json show it).';
