import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { BIN } from './support/build.js';
import { shellLine } from './support/terminal.js';

const e2e = useE2E();
/** util-linux `script` gives the command a terminal and copies everything it writes, spinner frames too. */
const hasScript = spawnSync('script', ['--version']).status === 0;
/** A colour (SGR) sequence; the spinner also writes cursor sequences, which are not colour. */
const ESC = '\u001b';
const COLOUR = new RegExp(`${ESC}\\[\\d+(?:;\\d+)*m`);

/** Every byte `credentials list` writes to a 100-column terminal. */
async function rawTerminalOutput(extra: Record<string, string>): Promise<string> {
  const env = e2e.env({
    AGENT_CLI_ORG: DEMO_ORG_ID,
    AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken(),
    TERM: 'xterm-256color',
    ...extra,
  });
  const command = `stty cols 100 rows 30; ${shellLine([process.execPath, BIN, 'credentials', 'list'])}`;
  // Not spawnSync: the sandbox answers from this process.
  const run = await promisify(execFile)('script', ['-qec', command, '/dev/null'], { env, timeout: 60_000 });
  return run.stdout;
}

describe.skipIf(!hasScript)(
  'the spinner on a terminal (script; skipped without it)',
  { timeout: 120_000 },
  () => {
    it('is cyan by default, and has no colour with NO_COLOR or FORCE_COLOR=0', async () => {
      const coloured = await rawTerminalOutput({});
      expect(coloured).toContain('\u001b[36m');
      expect(coloured).toMatch(COLOUR);
      for (const env of [{ NO_COLOR: '1' }, { FORCE_COLOR: '0' }]) {
        const plain = await rawTerminalOutput(env);
        expect(plain).toContain('Fetching credential records');
        expect(plain).not.toMatch(COLOUR);
      }
    });
  },
);
