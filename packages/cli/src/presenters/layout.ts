import { printable } from '../printable.js';
import type { Style } from '../style.js';

/** A cell's text, control characters escaped (it is often the server's); missing values show as a dash. */
export function cell(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  return printable(typeof value === 'string' ? value : JSON.stringify(value));
}

/** The widest cell of each column (a loop: spreading 100 000 rows into Math.max overflows the stack). */
function columnWidths(headers: readonly string[], rows: readonly string[][]): number[] {
  const widths = headers.map((h) => h.length);
  for (const row of rows) {
    for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i] ?? 0, (row[i] ?? '').length);
  }
  return widths;
}

/** An aligned table with a bold header; `empty` is shown when there are no rows. */
export function table(
  headers: readonly string[],
  rows: readonly string[][],
  style: Style,
  empty: string,
): string {
  if (rows.length === 0) return empty;
  const safe = rows.map((r) => r.map(printable));
  const widths = columnWidths(headers, safe);
  const render = (cells: readonly string[], paint: (s: string) => string) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? paint(c) : paint(c.padEnd(widths[i] ?? 0))))
      .join('  ')
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
