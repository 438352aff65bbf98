import { PassThrough, Writable } from 'node:stream';
import { type Command, CommanderError } from 'commander';
import { expect, it } from 'vitest';
import { UsageError } from '../../src/errors/usage-error.js';
import { type Bind, rawInput } from '../../src/startup/actions.js';
import { createProgram, groupsFor, loadGroups } from '../../src/startup/program.js';
import { createIO } from '../../src/terminal/io.js';

/**
 * What a command line parses to, through the real command definitions and the command's parse
 * function, with no action run (so no server, no file, no config): its typed options, or the one
 * usage error line it gives.
 */
export async function parseFlags(argv: readonly string[]): Promise<unknown> {
  let stderr = '';
  const err = new Writable({
    write(chunk, _encoding, done) {
      stderr += String(chunk);
      done();
    },
  });
  const io = createIO({ stdin: new PassThrough(), stdout: new PassThrough(), stderr: err });
  let parsed: unknown = 'no action ran';
  const capture: Bind =
    (parse) =>
    async (...action) => {
      parsed = parse(rawInput(action.at(-1) as Command));
    };
  const program = createProgram(io, capture);
  await loadGroups(program, capture, groupsFor(argv));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return parsed;
  } catch (error) {
    if (error instanceof UsageError) return `error: ${error.message}`;
    if (error instanceof CommanderError) return stderr.split('\n')[0];
    throw error;
  }
}

/** A row of a flags table: the words after the command, and the options or the start of the error line. */
export type FlagsRow = [args: string[], expected: object | string];

/** One table test of `command`'s flags: each row's options, or its usage error line (which starts with the string given). */
export function flagsTable(command: string, rows: FlagsRow[]): void {
  it.each(rows)(`${command} %j`, async (args, expected) => {
    const result = await parseFlags([...command.split(' '), ...args]);
    if (typeof expected === 'string') expect(String(result).slice(0, expected.length)).toBe(expected);
    else expect(result).toEqual(expected);
  });
}
