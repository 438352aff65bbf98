import { describe, expect, it } from 'vitest';
import { colourWanted } from '../../src/terminal/style.js';

const wanted = (env: Record<string, string>, options: { tty?: boolean; color?: boolean } = {}) =>
  colourWanted({
    color: options.color ?? true,
    env,
    stdoutIsTTY: options.tty ?? true,
    stderrIsTTY: options.tty ?? true,
  });

describe('colourWanted: --no-color, then FORCE_COLOR, then NO_COLOR, then the terminal', () => {
  it('colours terminals and not pipes by default', () => {
    expect(wanted({})).toBe(true);
    expect(wanted({}, { tty: false })).toBe(false);
  });

  it('FORCE_COLOR=0 or false turns colour off, even on a terminal', () => {
    expect(wanted({ FORCE_COLOR: '0' })).toBe(false);
    expect(wanted({ FORCE_COLOR: 'false' })).toBe(false);
  });

  it('any other non-empty FORCE_COLOR turns colour on, even in a pipe and over NO_COLOR', () => {
    for (const value of ['1', '2', '3', 'true', 'yes']) {
      expect(wanted({ FORCE_COLOR: value }, { tty: false })).toBe(true);
      expect(wanted({ FORCE_COLOR: value, NO_COLOR: '1' })).toBe(true);
    }
  });

  it('an empty FORCE_COLOR or NO_COLOR counts as unset', () => {
    expect(wanted({ FORCE_COLOR: '' }, { tty: false })).toBe(false);
    expect(wanted({ NO_COLOR: '' })).toBe(true);
    expect(wanted({ NO_COLOR: '1' })).toBe(false);
  });

  it('--no-color wins over everything', () => {
    expect(wanted({ FORCE_COLOR: '1' }, { color: false })).toBe(false);
  });
});
