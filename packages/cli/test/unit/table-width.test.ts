import { describe, expect, it } from 'vitest';
import { table } from '../../src/presenters/layout.js';
import { displayWidth, truncate } from '../../src/presenters/width.js';
import { plainStyle } from '../../src/terminal/style.js';

const ID = '0f9d6c2e-6b1a-4c55-9c1e-2d3b4a5f6e7d';
const at = (width: number | undefined) => ({ ...plainStyle, width });
const lines = (text: string) => text.split('\n');

describe('display width', () => {
  it('counts CJK and emoji as two columns, an emoji sequence as one picture, escapes as their text', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('👩‍💻!')).toBe(3);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('🇯🇵x')).toBe(3);
    expect(displayWidth('a\\x1bb')).toBe(6);
  });

  it('truncates to the width with …, never cutting a wide character or an escape in two', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(truncate('日本語', 4)).toBe('日…');
    expect(truncate('日本語', 5)).toBe('日本…');
    expect(truncate('ab\\u202ecd', 6)).toBe('ab…');
    expect(truncate('ab\\u202ecd', 9)).toBe('ab\\u202e…');
    expect(truncate('👩‍💻👩‍💻', 3)).toBe('👩‍💻…');
    expect(truncate('e\u0301e\u0301e\u0301', 3)).toBe('e\u0301e\u0301e\u0301');
    expect(truncate('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…');
  });
});

describe('tables fitted to a width', () => {
  const rows = [
    [ID, 'offer-sent', 'a long free-text label that does not fit anywhere'],
    ['short', 'done', 'x'],
  ];
  const columns = [
    ['ID', 'id'],
    ['STATE', 'word'],
    ['LABEL', 'text'],
  ] as const;

  it('prints every value in full without a width (a pipe)', () => {
    const text = table(columns, rows, at(undefined), 'none');
    expect(text).toContain(rows[0]?.[2]);
    expect(text).toContain(ID);
    expect(text).not.toContain('…');
  });

  it('shows IDs as an 8-character prefix before cutting free text, and never cuts a word', () => {
    const text = table(columns, rows, at(60), 'none');
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(lines(text)[1]).toMatch(/^0f9d6c2e {2}offer-sent {2}a long .*…$/);
    expect(lines(text)[2]).toMatch(/^short {5}done {8}x$/);
  });

  it('makes the prefix as long as it takes to tell the IDs apart', () => {
    const twin = `${ID.slice(0, 11)}0${ID.slice(12)}`;
    const text = table(columns, [...rows, [twin, 'done', 'y']], at(60), 'none');
    expect(lines(text)[1]).toMatch(new RegExp(`^${ID.slice(0, 12)}  offer-sent`));
    expect(lines(text)[3]).toMatch(new RegExp(`^${twin.slice(0, 12)}  done`));
  });

  it('keeps IDs whole when the table fits', () => {
    const text = table(columns, [[ID, 'done', 'x']], at(60), 'none');
    expect(lines(text)[1]).toBe(`${ID}  done   x`);
  });

  it('cuts an ID with … only when free text is down to one character; words stay whole', () => {
    const text = table(columns, rows, at(20), 'none');
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(20);
    expect(lines(text)[1]).toBe('0f9d…  offer-sent  …');
  });

  it('does not touch a table that fits', () => {
    const text = table(columns.slice(0, 2), [['a', 'done']], at(20), 'none');
    expect(text).toBe('ID  STATE\na   done');
  });

  it('aligns and truncates wide characters by columns, not UTF-16 units', () => {
    const text = table(
      [
        ['ID', 'word'],
        ['NAME', 'text'],
        ['NOTE', 'text'],
      ],
      [
        [ID, '日本語の名前', 'ok'],
        ['b', 'x', 'fine'],
      ],
      at(50),
      'none',
    );
    const [, first, second] = lines(text);
    // NAME is cut to 6 columns; 日本語 would take 6 with no room for …, so 日本… (5) and a space.
    expect(first).toBe(`${ID}  日本…   ok`);
    expect(second).toBe(`b${' '.repeat(ID.length - 1)}  x       fine`);
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(50);
  });

  it('escapes control characters before measuring, and never cuts inside an escape', () => {
    const text = table(
      [
        ['ID', 'word'],
        ['NOTE', 'text'],
      ],
      [['a', 'x\u001b[31mred\u202eevil text here']],
      at(14),
      'none',
    );
    const row = lines(text)[1] ?? '';
    expect(row).not.toContain('\u001b');
    expect(displayWidth(row)).toBeLessThanOrEqual(14);
    expect(row).toBe('a   x\\x1b[31m…');
  });
});
