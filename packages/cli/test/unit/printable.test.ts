import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/terminal/output.js';
import { printable } from '../../src/terminal/printable.js';

describe('printable', () => {
  it('escapes control characters as before', () => {
    expect(printable('a\nb\u001b[2J\u0007\u009b')).toBe('a\\nb\\x1b[2J\\x07\\x9b');
  });

  it('escapes bidi controls, zero-width and other format characters, and line separators', () => {
    expect(printable('a\u202Eb\u2066c\u200Bd\uFEFFe\u2028f\u{E0041}g')).toBe(
      'a\\u202eb\\u2066c\\u200bd\\ufeffe\\u2028f\\u{e0041}g',
    );
  });

  it('keeps a zero-width joiner inside an emoji, escapes it elsewhere', () => {
    expect(printable('👩‍💻 🏳️‍🌈')).toBe('👩‍💻 🏳️‍🌈');
    expect(printable('a\u200Db')).toBe('a\\u200db');
  });

  it('leaves other text alone: accents, CJK, emoji', () => {
    expect(printable('Zoë 東京 ✓ 🎓')).toBe('Zoë 東京 ✓ 🎓');
  });
});

describe('toJson', () => {
  it('writes format and C1 characters as JSON escapes, which parse back to the same value', () => {
    const value = { id: 'x\u202Ey\u0085z\u{E0041}', list: ['\u2028'] };
    const text = toJson(value);
    expect(text).not.toMatch(/[\u202E\u0085\u2028]|\u{E0041}/u);
    expect(text).toContain('x\\u202ey\\u0085z\\udb40\\udc41');
    expect(JSON.parse(text)).toEqual(value);
  });
});
