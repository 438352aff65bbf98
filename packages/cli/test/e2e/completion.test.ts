import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { binDir, has, Pane } from './support/shells.js';

const e2e = useE2E();
/** Where Debian and Ubuntu install the bash-completion package (absent on many CI machines). */
const BASH_COMPLETION_PACKAGE = '/usr/share/bash-completion/bash_completion';
let BASH_COMPLETION = '';
let work = '';
/** A directory holding a file named `--version` (and holders.csv): a file name is never an option. */
let dashes = '';
/** A directory holding a file whose name contains a newline (and holders.csv). */
let newline = '';
/** What `agent-cli --version` and `ls --version` print: never a completion. */
const VERSION_TEXT = /\d+\.\d+\.\d+|GNU|Copyright/;
let env: Record<string, string> = {};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'agent-cli-completion-'));
  writeFileSync(join(work, 'holders.csv'), 'email\n');
  writeFileSync(join(work, 'offer.json'), '{}');
  writeFileSync(join(work, 'a file.json'), '{}');
  writeFileSync(join(work, 'plain.csv'), 'email\n');
  mkdirSync(join(work, 'sub dir'));
  writeFileSync(join(work, 'sub dir', 'inner.csv'), 'email\n');
  mkdirSync(join(work, 'home'));
  BASH_COMPLETION = join(work, 'bash-completion.rc');
  writeFileSync(BASH_COMPLETION, `. ${BASH_COMPLETION_PACKAGE}\n`);
  writeFileSync(join(work, 'home', 'hello.txt'), '');
  dashes = join(work, 'dashes');
  mkdirSync(dashes);
  writeFileSync(join(dashes, '--version'), '');
  writeFileSync(join(dashes, 'holders.csv'), 'email\n');
  newline = join(work, 'newline');
  mkdirSync(newline);
  writeFileSync(join(newline, 'a\nb.csv'), 'email\n');
  writeFileSync(join(newline, 'holders.csv'), 'email\n');
  env = {
    PATH: `${binDir(work)}:${process.env['PATH']}`,
    AGENT_CLI_CONFIG_DIR: e2e.configDir(),
    HOME: join(work, 'home'),
    TERM: 'xterm',
  };
  for (const profile of ['staging', 'prod', 'alpha']) {
    expect((await e2e.run(['config', 'set', 'org', 'o', '--profile', profile])).code).toBe(0);
  }
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What fish offers for `line` (fish's own `complete -C`). */
function fish(line: string, cwd = work): string[] {
  const script = `agent-cli completion fish | source; complete -C ${JSON.stringify(line)}`;
  const result = spawnSync('fish', ['--no-config', '-c', script], { cwd, env, encoding: 'utf8' });
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
    expect(fish('agent-cli --profile ').sort()).toEqual(['alpha', 'prod', 'staging']);
    expect(fish('agent-cli config delete ').sort()).toEqual(['alpha', 'prod', 'staging']);
    expect(fish('agent-cli config unset ').sort()).toEqual([
      'agent-key',
      'agent-line',
      'agent-url',
      'base-url',
      'insecure',
      'org',
      'password-key',
      'tenant-id',
    ]);
    expect(fish('agent-cli offers email --csv hol')).toEqual(['holders.csv']);
    expect(fish('agent-cli offers create --file ')).toEqual(
      expect.arrayContaining(['holders.csv', 'offer.json']),
    );
  });

  it('completes escaped, quoted and home-relative file names and --opt=value forms', () => {
    expect(fish('agent-cli offers create --file sub\\ dir/')).toEqual(['sub dir/inner.csv']);
    expect(fish('agent-cli offers create --file "sub dir/')).toEqual(['sub dir/inner.csv']);
    expect(fish('agent-cli offers create --file a\\ f')).toEqual(['a file.json']);
    expect(fish('agent-cli offers create --file ~/h')).toEqual(['~/hello.txt']);
    expect(fish('agent-cli offers email --csv=pl')).toEqual(['--csv=plain.csv']);
    expect(fish('agent-cli --profile=al')).toEqual(['--profile=alpha']);
    expect(fish('agent-cli credentials list --state=offer-s')).toEqual(['--state=offer-sent']);
    expect(fish('agent-cli offers create --credential-type=').sort()).toEqual([
      '--credential-type=indy',
      '--credential-type=jsonld',
    ]);
  });

  it('completes values with a colon and after a quoted global value', () => {
    expect(fish('agent-cli dids write --network polygon:').sort()).toEqual([
      'polygon:mainnet',
      'polygon:testnet',
    ]);
    expect(fish("agent-cli --org 'my org' offers create --credential-type ").sort()).toEqual([
      'indy',
      'jsonld',
    ]);
    expect(fish("agent-cli --org 'my org' offers cr")).toEqual(['create']);
  });

  it('offers the options after an option value that looks like a version', () => {
    const offered = fish('agent-cli schemas create --version 1.0.0 --');
    expect(offered).toEqual(expect.arrayContaining(['--name', '--attr', '--file']));
    expect(offered.join('\n')).not.toMatch(VERSION_TEXT);
  });

  it('offers a file named --version as a file, never the version text of agent-cli or ls', () => {
    expect(fish('agent-cli offers email --csv ', dashes).sort()).toEqual(['--version', 'holders.csv']);
    expect(fish('agent-cli offers email --csv --v', dashes)).toEqual(['--version']);
    expect(fish('agent-cli offers email --csv=--v', dashes)).toEqual(['--csv=--version']);
  });

  it('offers no file names where a file makes no sense', () => {
    expect(fish('agent-cli credentials list ')).toEqual([]);
  });
});

/** How each shell under test starts; `bash+bash-completion` sources the bash-completion package. */
const SHELLS = {
  bash: () => 'bash --norc --noprofile',
  'bash+bash-completion': () => `bash --noprofile --rcfile '${BASH_COMPLETION}'`,
  zsh: () => 'zsh -f',
} as const;
type Shell = keyof typeof SHELLS;

/** Tabs that list the candidates when Tab inserts nothing: bash rings the bell first, zsh lists at once. */
const LIST: Record<Shell, string[]> = {
  bash: ['Tab', 'Tab'],
  'bash+bash-completion': ['Tab', 'Tab'],
  zsh: ['Tab'],
};

/** A shell in tmux with agent-cli's completion loaded; `run` types, presses keys and waits for the screen. */
async function session(shell: Shell, steps: (tab: Typist) => Promise<void>, cwd = work): Promise<void> {
  const pane = new Pane(shell.replace(/\W/g, '-'));
  pane.start(SHELLS[shell](), cwd, env);
  try {
    const script = shell === 'zsh' ? 'zsh' : 'bash';
    pane.type(`PS1='$ '; PROMPT='$ '; eval "$(agent-cli completion ${script})"; clear; echo ready`);
    pane.keys('Enter');
    await pane.waitFor(/^ready$/m);
    await steps(async (text, keys, expected) => {
      if (text) pane.type(text);
      pane.keys(...keys);
      return pane.waitFor(expected);
    });
  } finally {
    pane.stop();
  }
}
type Typist = (text: string, keys: string[], expected: RegExp) => Promise<string>;

/** Types `line`, presses Tab (and lists when `list`), and returns the screen (tmux drops trailing spaces). */
async function tab(shell: Shell, line: string, expected: RegExp, list = false, cwd = work): Promise<string> {
  let shown = '';
  await session(
    shell,
    async (type) => {
      shown = await type(line, list ? LIST[shell] : ['Tab'], expected);
    },
    cwd,
  );
  return shown;
}

/**
 * Types `line` in `cwd`, presses Tab, then runs the line behind `printf '<%s>\n'`: the screen shows
 * each word exactly as the shell parses what the completion left on the line.
 */
async function tabThenPrint(shell: Shell, line: string, cwd: string): Promise<string> {
  let shown = '';
  await session(
    shell,
    async (type) => {
      await type(line, ['Tab'], /agent-cli/);
      await type('', ['C-a'], /agent-cli/);
      shown = await type("printf '<%s>\\n' ", ['Enter'], /^<agent-cli>$[\s\S]*^\$ ?$/m);
    },
    cwd,
  );
  return shown;
}

for (const shell of Object.keys(SHELLS) as Shell[]) {
  const missing = !has(shell.split('+')[0] as string) || !has('tmux');
  describe.skipIf(missing || (shell.includes('+') && !existsSync(BASH_COMPLETION_PACKAGE)))(
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
      it('completes the common part of values with a colon, then lists them whole', async () => {
        await session(shell, async (type) => {
          await type('agent-cli dids write --network po', ['Tab'], /--network polygon:$/m);
          const shown = await type('', LIST[shell], /polygon:testnet/);
          expect(shown).toContain('polygon:mainnet');
          expect(shown).not.toContain('polygon::');
        });
        const shown = await tab(shell, 'agent-cli dids write --network polygon:', /polygon:testnet/, true);
        expect(shown).toContain('polygon:mainnet');
        expect(shown).not.toContain('polygon::');
      });
      it('completes file names typed with a backslash, in quotes or from ~', async () => {
        await tab(shell, 'agent-cli offers create --file sub\\ dir/', /--file sub\\ dir\/inner\.csv ?$/m);
        await tab(shell, 'agent-cli offers create --file "sub dir/', /--file "sub dir\/inner\.csv"? ?$/m);
        await tab(shell, 'agent-cli offers create --file a\\ f', /--file a\\ file\.json ?$/m);
        await tab(shell, 'agent-cli offers create --file ~/hel', /--file ~\/hello\.txt ?$/m);
      });
      it('completes after a quoted global value', async () => {
        const shown = await tab(
          shell,
          "agent-cli --org 'my org' offers create --credential-type ",
          /indy\s+jsonld/,
          true,
        );
        expect(shown).not.toContain('credentials');
        await tab(shell, "agent-cli --org 'my org' offers cr", /offers create ?$/m);
      });
      it('offers the options after an option value that looks like a version', async () => {
        const shown = await tab(shell, 'agent-cli schemas create --version 1.0.0 --', /--endorser-did/, true);
        expect(shown).toContain('--attr');
        expect(shown.split('--version 1.0.0')[1]).not.toMatch(VERSION_TEXT);
      });
      it('offers a file named --version as a file, never version text', async () => {
        await tab(shell, 'agent-cli offers email --csv --v', /--csv --version ?$/m, false, dashes);
        const shown = await tab(shell, 'agent-cli offers email --csv ', /holders\.csv\s/, true, dashes);
        expect(shown).toMatch(/--version\s+holders\.csv/);
        expect(shown.split('--csv')[1]).not.toMatch(VERSION_TEXT);
      });
      it.skipIf(shell === 'zsh')('keeps a file name with a newline whole and quoted', async () => {
        const whole = await tabThenPrint(shell, 'agent-cli offers email --csv a', newline);
        expect(whole).toMatch(/^<--csv>\n<a\nb\.csv>\n\$/m);
        const untouched = await tabThenPrint(shell, 'agent-cli offers email --csv ', newline);
        expect(untouched).toMatch(/^<--csv>\n\$/m);
      });
      it('completes --opt=value forms', async () => {
        await tab(shell, 'agent-cli offers email --csv=pl', /--csv=plain\.csv ?$/m);
        await tab(shell, 'agent-cli --profile=al', /--profile=alpha ?$/m);
      });
    },
  );
}
