import { printable } from '../printable.js';
import type { Style } from '../style.js';
import { displayWidth, padEnd, truncate } from './width.js';

/** A cell's text, control characters escaped (it is often the server's); missing values show as a dash. */
export function cell(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  return printable(typeof value === 'string' ? value : JSON.stringify(value));
}

/** The widest cell of each column (a loop: spreading 100 000 rows into Math.max overflows the stack). */
function columnWidths(headers: readonly string[], rows: readonly string[][]): number[] {
  const widths = headers.map(displayWidth);
  for (const row of rows) {
    for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i] ?? 0, displayWidth(row[i] ?? ''));
  }
  return widths;
}

const GAP = '  ';

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
 * Column widths that fit `width` (as gh's table printer does on a terminal): the widest of the
 * other columns give way first; the first column, the ID a user copies, only when they are down
 * to one character. Without a width (a pipe) every value is printed in full.
 */
export function fitWidths(natural: readonly number[], width: number | undefined): number[] {
  const widths = [...natural];
  if (width === undefined) return widths;
  const over = widths.reduce((sum, w) => sum + w, GAP.length * (widths.length - 1)) - width;
  const left = shrink(widths, (i) => i > 0, over);
  shrink(widths, (i) => i === 0, left);
  return widths;
}

/**
 * An aligned table with a bold header; `empty` is shown when there are no rows. Cells are escaped
 * first, then measured in terminal columns; on a terminal (`style.width`) they are cut to fit.
 */
export function table(
  headers: readonly string[],
  rows: readonly string[][],
  style: Style,
  empty: string,
): string {
  if (rows.length === 0) return empty;
  const safe = rows.map((r) => r.map(printable));
  const widths = fitWidths(columnWidths(headers, safe), style.width);
  const render = (cells: readonly string[], paint: (s: string) => string) =>
    cells
      .map((c, i) => {
        const shown = truncate(c, widths[i] ?? 0);
        return paint(i === cells.length - 1 ? shown : padEnd(shown, widths[i] ?? 0));
      })
      .join(GAP)
      .trimEnd();
  return [render(headers, style.bold), ...safe.map((r) => render(r, (s) => s))].join('\n');
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
