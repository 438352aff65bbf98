import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { handleWriteErrors } from '../../src/terminal/write-errors.js';

class Exited extends Error {}

/** What a process whose stdout fails with `code` prints on stderr after `carriedOut` requests. */
function failingStdout(code: string, carriedOut: string[]): { stderr: string; exit: number | undefined } {
  const stdout = new PassThrough();
  let stderr = '';
  let exit: number | undefined;
  const failures = handleWriteErrors({
    stdout,
    stderr: new PassThrough().on('data', (d: Buffer) => {
      stderr += d.toString();
    }),
    exit: (c: number): never => {
      exit = c;
      throw new Exited();
    },
  });
  failures.carriedOut.push(...carriedOut);
  expect(() => stdout.emit('error', Object.assign(new Error('x'), { code }))).toThrow(Exited);
  return { stderr, exit };
}

describe('handleWriteErrors', () => {
  it('says only that stdout failed when nothing changed, and nothing for a closed pipe', () => {
    expect(failingStdout('ENOSPC', [])).toEqual({
      stderr: 'error: cannot write to stdout (ENOSPC)\n',
      exit: 1,
    });
  });

  it('names each request the service carried out, in the plural for several (helper-77, F4)', () => {
    expect(failingStdout('EIO', ['POST /a']).stderr).toBe(
      'error: cannot write to stdout (EIO): POST /a was carried out by the service; its answer is lost, and running the command again does it again\n',
    );
    expect(failingStdout('EIO', ['POST /a', 'PUT /b']).stderr).toBe(
      'error: cannot write to stdout (EIO): POST /a and PUT /b were carried out by the service; their answers are lost, and running the command again does them again\n',
    );
  });
});
