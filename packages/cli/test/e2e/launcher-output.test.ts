import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from './support/build.js';

/** Spawns the bin with stdout on /dev/full, or on a pipe whose reading end is already closed. */
async function runTo(
  stdout: 'full' | 'closed-pipe',
  args: string[],
): Promise<{ stderr: string; code: number | null }> {
  const full = stdout === 'full' ? openSync('/dev/full', 'w') : undefined;
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env['PATH'], NO_COLOR: '1' },
    stdio: ['ignore', full ?? 'pipe', 'pipe'],
  });
  if (full !== undefined) closeSync(full);
  child.stdout?.destroy();
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { stderr, code };
}

const FAST_PATHS = [['--help'], ['-h'], ['--version'], ['-V'], ['credentials', 'list', '--help']];
// Handed to the program (bin.cjs): the launcher's one write-error handler covers it too.
const PROGRAM_PATHS = [['help'], ['help', 'credentials'], ['--no-color', 'credentials', 'list', '--help']];

describe('help answered by the program, to a stdout that cannot be written', { timeout: 60_000 }, () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it.each(PROGRAM_PATHS)('%s to /dev/full: one line, exit 1', async (...args) => {
    expect(await runTo('full', args)).toEqual({
      stderr: 'error: cannot write to stdout (ENOSPC)\n',
      code: 1,
    });
  });

  it.each(PROGRAM_PATHS)('%s to a closed pipe: quiet, exit 0', async (...args) => {
    expect(await runTo('closed-pipe', args)).toEqual({ stderr: '', code: 0 });
  });
});

describe('help and version answered by the launcher, to a stdout that cannot be written', {
  timeout: 60_000,
}, () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it.each(FAST_PATHS)('%s to /dev/full: one line, exit 1', async (...args) => {
    expect(await runTo('full', args)).toEqual({
      stderr: 'error: cannot write to stdout (ENOSPC)\n',
      code: 1,
    });
  });

  it.each(FAST_PATHS)('%s to a closed pipe: quiet, exit 0 like `help`', async (...args) => {
    expect(await runTo('closed-pipe', ['help'])).toEqual({ stderr: '', code: 0 });
    expect(await runTo('closed-pipe', args)).toEqual({ stderr: '', code: 0 });
  });
});
