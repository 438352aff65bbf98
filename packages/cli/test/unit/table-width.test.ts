import { describe, expect, it } from 'vitest';
import { table } from '../../src/presenters/layout.js';
import { displayWidth, truncate } from '../../src/presenters/width.js';
import { plainStyle } from '../../src/style.js';

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

  it('prints every value in full without a width (a pipe)', () => {
    const text = table(['ID', 'STATE', 'LABEL'], rows, at(undefined), 'none');
    expect(text).toContain(rows[0]?.[2]);
    expect(text).not.toContain('…');
  });

  it('shrinks the widest free-text column first and keeps the first column (the ID) whole', () => {
    const text = table(['ID', 'STATE', 'LABEL'], rows, at(60), 'none');
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(lines(text)[1]).toMatch(new RegExp(`^${ID}  offer-sent  a long .*…$`));
  });

  it('shrinks the ID only when the other columns are down to one character', () => {
    const text = table(['ID', 'STATE', 'LABEL'], rows, at(30), 'none');
    for (const line of lines(text)) expect(displayWidth(line)).toBeLessThanOrEqual(30);
    expect(lines(text)[1]).toMatch(/^0f9d6c2e-.*… {2}… {2}…$/);
  });

  it('does not touch a table that fits', () => {
    const text = table(['ID', 'STATE'], [['a', 'done']], at(20), 'none');
    expect(text).toBe('ID  STATE\na   done');
  });

  it('aligns and truncates wide characters by columns, not UTF-16 units', () => {
    const text = table(
      ['ID', 'NAME', 'NOTE'],
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
    const text = table(['ID', 'NOTE'], [['a', 'x\u001b[31mred\u202eevil text here']], at(14), 'none');
    const row = lines(text)[1] ?? '';
    expect(row).not.toContain('\u001b');
    expect(displayWidth(row)).toBeLessThanOrEqual(14);
    expect(row).toBe('a   x\\x1b[31m…');
  });
});
