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
});
