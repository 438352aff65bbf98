import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN } from './support/build.js';

// Issue 20 item 2: help wrapped at 80 columns loses no character of its text.
const help = (args: string[]) =>
  execFileSync(process.execPath, [BIN, ...args, '--help'], {
    env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', COLUMNS: '80' },
    encoding: 'utf8',
  });

describe('help at 80 columns', { timeout: 60_000 }, () => {
  it("keeps an unpaired apostrophe (config set: the agent controller's line)", () => {
    const text = help(['config', 'set']).replace(/\s+/g, ' ');
    expect(text).toContain("agent-line is the agent controller's: 2.0");
    expect(text).not.toContain('controller s');
  });

  it.each([
    ['config', 'set'],
    ['offers', 'email'],
    ['schemas', 'create'],
  ])('%s %s --help: every line fits 80 columns', (...args) => {
    for (const line of help(args).split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it.each([
    ['offers', 'create'],
    ['offers', 'email'],
    ['proofs', 'request'],
    ['schemas', 'create'],
  ])('%s %s --help: an example continues after a flag and its value, never between them', (...args) => {
    const lines = help(args).split('\n');
    expect(lines.filter((line) => / --[a-z-]+ \\$/.test(line))).toEqual([]);
  });

  it.each([
    ['offers', 'create'],
    ['offers', 'email'],
    ['proofs', 'request'],
    ['schemas', 'create'],
  ])(
    '%s %s --help: every line of a wrapped example but its last ends in \\ (it pastes into a shell)',
    (...args) => {
      const lines = help(args).split('\n');
      const start = lines.findIndex((line) => line.startsWith('  $ agent-cli'));
      let end = start;
      while (lines[end]?.endsWith(' \\')) end++;
      // After the example's last line comes a blank line or another example, never a stray tail.
      expect(lines[end + 1] ?? '', lines.slice(start, end + 2).join('\n')).toMatch(/^(| {2}\$ .*| {2}\(.*)$/);
    },
  );

  it('config set --help: a paragraph hard-wrapped in the source is reflowed, not re-wrapped line by line', () => {
    const lines = help(['config', 'set']).split('\n');
    expect(lines).not.toContain('only at');
    expect(lines.some((line) => line.startsWith('only at POST /agent/token'))).toBe(true);
  });
});
