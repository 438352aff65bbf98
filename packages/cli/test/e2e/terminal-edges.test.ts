import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ORG_ID, DEMO_USER } from '@credential-agent/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { BIN } from './support/build.js';
import { hasScript, runInPty, until, withoutEscapes } from './support/pty.js';
import { hasTmux, runInTerminal, shellLine } from './support/terminal.js';

// Issue 10 item 19 and "never a hang", met on a real pseudo-terminal: one that reports 0 columns
// (`script` with no terminal on stdin, a serial console), SIGTERM while a spinner turns, the
// prompts' ✓ and colour, and `config list` on a narrow terminal.

const e2e = useE2E();
const tmp = mkdtempSync(join(tmpdir(), 'agent-cli-pty-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const env = (extra: Record<string, string | undefined> = {}) =>
  e2e.env({
    AGENT_CLI_ORG: DEMO_ORG_ID,
    AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken(),
    LANG: 'C.UTF-8',
    TERM: 'xterm-256color',
    ...extra,
  });
const cli = (...args: string[]) => shellLine([process.execPath, BIN, ...args]);
const slowList = (ms: number) =>
  e2e.sandbox().sandbox.faults.add({ kind: 'latency', path: '/credentials', ms, times: 1 });
const LIMIT = { limitMs: 60_000 };
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour escapes are what is looked for
const SGR = /\u001b\[[0-9;]*m/;

describe.skipIf(!hasScript)(
  'a spinner on a pseudo-terminal (script -qc; skipped without it)',
  { timeout: 90_000 },
  () => {
    it('ends on a terminal that reports 0 columns: the list is printed and the run exits 0', async () => {
      slowList(800);
      const run = await runInPty(
        `stty cols 0 rows 0; ${cli('credentials', 'list')}; echo "exit=$?"`,
        env(),
        LIMIT,
      );
      expect(run.killed).toBeUndefined();
      expect(run.output).toContain('exit=0');
    });

    it('ends when the terminal loses its width while the spinner turns', async () => {
      slowList(3_000);
      const before = e2e.sandbox().sandbox.requestCount('GET', '/credentials');
      // The list runs in the background, on the terminal, while stty takes the width away.
      const command = `stty cols 80 rows 24; ${cli('credentials', 'list')} </dev/tty & sleep 1; stty cols 0; wait $!; echo "exit=$?"`;
      const run = await runInPty(command, env(), LIMIT);
      expect(e2e.sandbox().sandbox.requestCount('GET', '/credentials')).toBeGreaterThan(before);
      expect(run.killed).toBeUndefined();
      expect(run.output).toContain('exit=0');
    });

    for (const cols of [0, 80]) {
      it(`SIGTERM while the spinner turns at ${cols} columns ends the run with 143`, async () => {
        slowList(20_000);
        const pidFile = join(tmp, `pid-${cols}`);
        const before = e2e.sandbox().sandbox.requestCount('GET', '/credentials');
        const inner = `echo $$ > ${shellLine([pidFile])}; exec ${cli('credentials', 'list')}`;
        const running = runInPty(
          `stty cols ${cols} rows 24; sh -c ${shellLine([inner])}; echo "exit=$?"`,
          env(),
          LIMIT,
        );
        await until(() => e2e.sandbox().sandbox.requestCount('GET', '/credentials') > before);
        await new Promise((resolve) => setTimeout(resolve, 500)); // a few frames drawn
        process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
        const run = await running;
        expect(run.killed).toBeUndefined();
        expect(run.output).toContain('exit=143');
      });
    }

    it('prompts end with the same ✓ as the CLI (never ✔)', async () => {
      const command = `stty cols 80 rows 24; ${cli('login', '--email', DEMO_USER.email)}; echo "exit=$?"`;
      const answer = { when: 'Password', text: `${DEMO_USER.password}\r` };
      const run = await runInPty(command, env({ AGENT_CLI_TOKEN: undefined }), { ...LIMIT, answer });
      const text = withoutEscapes(run.output);
      expect(text).toContain('exit=0');
      expect(text).toContain('✓ Password');
      expect(text).toContain('✓ Signed in');
      expect(text).not.toContain('✔');
      expect(text).not.toContain(DEMO_USER.password);
    });

    it('prompts follow the colour decision: --no-color draws them plain', async () => {
      const command = `stty cols 80 rows 24; ${cli('login', '--no-color', '--email', DEMO_USER.email)}; echo "exit=$?"`;
      const answer = { when: 'Password', text: `${DEMO_USER.password}\r` };
      const run = await runInPty(command, env({ AGENT_CLI_TOKEN: undefined }), { ...LIMIT, answer });
      expect(run.output).toContain('exit=0');
      expect(run.output).not.toMatch(SGR);
    });
  },
);

describe.skipIf(!hasTmux)(
  'config list on a narrow terminal (tmux; skipped without it)',
  { timeout: 90_000 },
  () => {
    it('fits 70 columns', async () => {
      expect((await e2e.run(['config', 'set', 'org', DEMO_ORG_ID])).code).toBe(0);
      expect((await e2e.run(['config', 'set', 'base-url', e2e.sandbox().url])).code).toBe(0);
      const words = [process.execPath, BIN, 'config', 'list'];
      const screen = await runInTerminal(words, env(), { columns: 70, rows: 20, capture: ['-J'] });
      expect(screen).toContain('exit=0');
      const lines = screen.split('\n').map((line) => line.trimEnd());
      const table = lines.slice(lines.findIndex((line) => line.includes('PROFILE')));
      expect(table[1]).toMatch(/^\* default {2}/);
      for (const line of table) expect(line.length).toBeLessThanOrEqual(70);
    });
  },
);
