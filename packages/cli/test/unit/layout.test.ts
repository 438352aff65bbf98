import { describe, expect, it } from 'vitest';
import { cell, fields, table } from '../../src/presenters/layout.js';
import { plainStyle } from '../../src/terminal/style.js';

describe('presenter layout', () => {
  it('aligns table columns to the widest cell', () => {
    expect(
      table(
        [
          ['ID', 'id'],
          ['STATE', 'word'],
        ],
        [
          ['a', 'done'],
          ['long-id', 'offer-sent'],
        ],
        plainStyle,
        'none',
      ),
    ).toBe('ID       STATE\na        done\nlong-id  offer-sent');
  });

  it('shows the empty text when there are no rows', () => {
    expect(table([['ID', 'id']], [], plainStyle, 'No records.')).toBe('No records.');
  });

  it('aligns fields and leaves out undefined values', () => {
    expect(
      fields(
        [
          ['ID', 'x'],
          ['Missing', undefined],
          ['Connection', ''],
        ],
        plainStyle,
      ),
    ).toBe('ID:          x\nConnection:  -');
  });

  it('renders non-strings as JSON and blanks as a dash', () => {
    expect([cell(true), cell(null), cell(''), cell(3)]).toEqual(['true', '-', '-', '3']);
  });
});
