import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { binDir, has, Pane } from './support/shells.js';

const e2e = useE2E();
let work = '';
let env: Record<string, string> = {};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'agent-cli-completion-'));
  writeFileSync(join(work, 'holders.csv'), 'email\n');
  writeFileSync(join(work, 'offer.json'), '{}');
  env = {
    PATH: `${binDir(work)}:${process.env['PATH']}`,
    AGENT_CLI_CONFIG_DIR: e2e.configDir(),
    HOME: work,
    TERM: 'xterm',
  };
  for (const profile of ['staging', 'prod']) {
    expect((await e2e.run(['config', 'set', 'org', 'o', '--profile', profile])).code).toBe(0);
  }
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What fish offers for `line` (fish's own `complete -C`). */
function fish(line: string): string[] {
  const script = `agent-cli completion fish | source; complete -C ${JSON.stringify(line)}`;
  const result = spawnSync('fish', ['--no-config', '-c', script], { cwd: work, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0] as string);
}

describe.skipIf(!has('fish'))('fish completion (complete -C)', { timeout: 60_000 }, () => {
  it('completes groups, verbs, known values, profiles and file names', () => {
    expect(fish('agent-cli cred')).toEqual(['credentials']);
    expect(fish('agent-cli credentials ').sort()).toEqual(['list', 'negotiate']);
    expect(fish('agent-cli credentials list --state offer-').sort()).toEqual([
      'offer-received',
      'offer-sent',
    ]);
    expect(fish('agent-cli proofs request --request-type ')).toEqual(['indy', 'presentationExchange']);
    expect(fish('agent-cli --profile ').sort()).toEqual(['prod', 'staging']);
    expect(fish('agent-cli config delete ').sort()).toEqual(['prod', 'staging']);
    expect(fish('agent-cli config unset ').sort()).toEqual([
      'agent-key',
      'agent-url',
      'base-url',
      'org',
      'password-key',
    ]);
    expect(fish('agent-cli offers email --csv hol')).toEqual(['holders.csv']);
    expect(fish('agent-cli offers create --file ')).toEqual(
      expect.arrayContaining(['holders.csv', 'offer.json']),
    );
  });

  it('offers no file names where a file makes no sense', () => {
    expect(fish('agent-cli credentials list ')).toEqual([]);
  });
});

/** Types `line`, presses Tab (twice when `list`), and returns the screen (tmux drops trailing spaces). */
async function tab(shell: 'bash' | 'zsh', line: string, expected: RegExp, list = false): Promise<string> {
  const pane = new Pane(shell);
  const start = shell === 'bash' ? 'bash --norc --noprofile' : 'zsh -f';
  pane.start(start, work, env);
  try {
    pane.type(`PS1='$ '; PROMPT='$ '; eval "$(agent-cli completion ${shell})"; clear; echo ready`);
    pane.keys('Enter');
    await pane.waitFor(/^ready$/m);
    pane.type(line);
    pane.keys('Tab');
    if (list) pane.keys('Tab');
    return await pane.waitFor(expected);
  } finally {
    pane.stop();
  }
}

for (const shell of ['bash', 'zsh'] as const) {
  describe.skipIf(!has(shell) || !has('tmux'))(
    `${shell} completion (typed in tmux)`,
    { timeout: 60_000 },
    () => {
      it('completes a verb', async () => {
        await tab(shell, 'agent-cli credentials li', /agent-cli credentials list ?$/m);
      });
      it('completes a known value, also one with a colon', async () => {
        await tab(shell, 'agent-cli credentials list --role hol', /--role holder ?$/m);
        await tab(shell, 'agent-cli dids write --network bcovrin:t', /--network bcovrin:testnet ?$/m);
      });
      it('lists the known values', async () => {
        const shown = await tab(shell, 'agent-cli credentials list --state offer-', /offer-received/, true);
        expect(shown).toContain('offer-sent');
      });
      it('completes a profile name and a file name', async () => {
        await tab(shell, 'agent-cli --profile stag', /--profile staging ?$/m);
        await tab(shell, 'agent-cli config delete pro', /config delete prod ?$/m);
        await tab(shell, 'agent-cli offers email --csv hold', /--csv holders\.csv ?$/m);
      });
    },
  );
}
