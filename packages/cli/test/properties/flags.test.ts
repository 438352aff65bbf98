/**
 * Generated invalid command lines, run in-process: each is refused with exit code 2 and one line
 * on stderr naming the flag or field, without a stack trace and without sending anything.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CliRun } from '../support/run-cli.js';
import { useSandbox } from '../support/sandbox.js';
import { CASES, type Case } from './cases.js';
import { argvOf, type CommandName, flag, LINES, type ValidLine } from './lines.js';

/** Generated values per property; enough to find the edge cases, small enough to stay fast. */
const RUNS_PER_CASE = 50;

const bench = useSandbox();

function runLine(line: ValidLine, argv: string[]): Promise<CliRun> {
  const options = line.stdin === undefined ? {} : { stdin: line.stdin };
  return line.anonymous ? bench.runAnonymous(argv, options) : bench.run(argv, options);
}

/** Control characters other than tab and line ends: a value must not move the cursor or clear the screen. */
function controlCharacters(text: string): string[] {
  return [...text].filter((ch) => {
    const code = ch.charCodeAt(0);
    return (code < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r') || code === 0x7f;
  });
}

/** Runs the case's generated values and checks each is refused before anything is sent. */
async function expectRefused(c: Case): Promise<void> {
  const line: ValidLine = LINES[c.command];
  await fc.assert(
    fc.asyncProperty(c.values, async (value) => {
      const result = await runLine(line, c.build(line, value, bench.configDir()));
      const lines = result.stderr.split('\n').filter((l) => l !== '');
      expect(result.code, result.stderr).toBe(2);
      expect(lines, 'one line on stderr').toHaveLength(1);
      expect(lines[0]).toMatch(/^error: /);
      const named = c.names.some((n) => lines[0]?.includes(n));
      expect(named, `"${lines[0]}" names ${c.names.join(' or ')}`).toBe(true);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(controlCharacters(result.stderr), 'control characters on stderr').toEqual([]);
      expect(result.stdout).toBe('');
      expect(bench.sandbox.requestCount()).toBe(0);
    }),
    { numRuns: RUNS_PER_CASE },
  );
}

describe('each valid command line the properties start from', () => {
  it.each(Object.keys(LINES) as CommandName[])(
    '%s passes the checks and reaches the service',
    async (name) => {
      const result = await runLine(LINES[name], argvOf(LINES[name], bench.configDir()));
      expect(result.code, result.stderr).not.toBe(2);
      expect(bench.sandbox.requestCount()).toBeGreaterThan(0);
    },
  );

  it('credentials list sends unknown --state values written +value: the enum is open (the server decides)', async () => {
    // Padded values are refused (never trimmed into another value), so the generated ones are not padded.
    const unknown = fc
      .string({ minLength: 1 })
      .filter((s) => s.trim() === s && s !== '' && !s.startsWith('-'));
    await fc.assert(
      fc.asyncProperty(unknown, async (state) => {
        const before = bench.sandbox.requestCount('GET', '/credentials');
        const result = await bench.run(
          flag('--state')(LINES['credentials list'], `+${state}`, bench.configDir()),
        );
        // Sent as it is: the sandbox, like the real agent, then refuses a state it does not know.
        expect(result.code, result.stderr).toBeOneOf([0, 1]);
        expect(bench.sandbox.requestCount('GET', '/credentials')).toBe(before + 1);
      }),
      { numRuns: 20 },
    );
  });
});

describe('generated invalid flags and arguments', () => {
  const title = '$command: $what exits 2 naming it, sending nothing';
  it.each(CASES)(title, expectRefused);
});
