import type { Style } from '../style.js';

/** A cell's text; missing values show as a dash. */
export function cell(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An aligned table with a bold header; `empty` is shown when there are no rows. */
export function table(
  headers: readonly string[],
  rows: readonly string[][],
  style: Style,
  empty: string,
): string {
  if (rows.length === 0) return empty;
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const render = (cells: readonly string[], paint: (s: string) => string) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? paint(c) : paint(c.padEnd(widths[i] ?? 0))))
      .join('  ')
      .trimEnd();
  return [render(headers, style.bold), ...rows.map((r) => render(r, (s) => s))].join('\n');
}

/** Aligned `label  value` lines; pairs whose value is undefined are left out. */
export function fields(pairs: readonly [string, unknown][], style: Style): string {
  const shown = pairs.filter(([, v]) => v !== undefined);
  const width = Math.max(0, ...shown.map(([label]) => label.length));
  return shown
    .map(([label, value]) => `${style.dim(`${label}:`.padEnd(width + 1))}  ${cell(value)}`)
    .join('\n');
}
