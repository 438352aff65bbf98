import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { BIN } from './support/build.js';
import { hasTmux, runInTerminal } from './support/terminal.js';

// Help as a new user reads it (issue 20, section 4 items 2 and 3), through the shipped bin.
const e2e = useE2E();
const COMMANDS = ['', 'offers email', 'offers create', 'proofs request', 'credentials list', 'login', 'api'];

describe('agent-cli help <command…>', { timeout: 60_000 }, () => {
  it('help offers create prints the help of offers create, as offers create --help does (item 2)', async () => {
    const viaHelp = await e2e.run(['help', 'offers', 'create']);
    const viaFlag = await e2e.run(['offers', 'create', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toMatch(/^Usage: agent-cli offers create /);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
  });

  it.each([
    [['help', 'nosuch'], 'nosuch'],
    [['help', 'credentials', 'lisst'], 'lisst'],
    [['nosuch', '--help'], 'nosuch'],
    [['credentials', 'lisst', '-h'], 'lisst'],
  ])(
    '%j is a usage error naming the unknown command, not the help of another (exit 2)',
    async (argv, word) => {
      const result = await e2e.run(argv);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`error: unknown command '${word}'`);
    },
  );

  it('help of a command with its arguments still prints that help', async () => {
    const result = await e2e.run(['help', 'credentials', 'negotiate', 'some-id']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Usage: agent-cli credentials negotiate /);
  });
});

describe('agent-cli offers email --help, the bulk flags (issue 21 finding 16)', { timeout: 60_000 }, () => {
  it('--shard says holders are assigned by a digest of their address, and --resume matches rows by content', async () => {
    const result = await e2e.run(['offers', 'email', '--help']);
    expect(result.code).toBe(0);
    const text = result.stdout.replace(/\s+/g, ' ');
    expect(text).toMatch(
      /--shard <i\/n> bulk: send only shard i of n: the holders whose e-mail address, digested, falls in shard i/,
    );
    expect(text).not.toMatch(/position \(0-based\) modulo/);
    expect(text).not.toMatch(/added at the end of the CSV/);
    expect(text).toMatch(
      /--resume matches rows by content \(the normalised e-mail address and the values of the holder\), not by line/,
    );
  });
});

describe('help text width (item 3)', { timeout: 120_000 }, () => {
  for (const command of COMMANDS) {
    it(`agent-cli ${command || '(root)'} --help keeps every line within 80 columns, words whole`, async () => {
      const result = await e2e.run([...command.split(' ').filter(Boolean), '--help']);
      expect(result.code).toBe(0);
      const lines = result.stdout.split('\n');
      expect(lines.filter((line) => line.length > 80)).toEqual([]);
      // An example command continues after ` \`, so it can still be pasted.
      for (const [i, line] of lines.entries()) {
        if (/^\s+\$ /.test(line) && line.endsWith(' \\')) expect(lines[i + 1]).toMatch(/^\s{4,}\S/);
      }
    });
  }

  it('the exit codes line reads whole words', async () => {
    const result = await e2e.run(['--help']);
    const paragraph = result.stdout.split('\n\n').find((block) => block.startsWith('Exit codes:')) ?? '';
    expect(paragraph.replace(/\s+/g, ' ')).toBe(
      'Exit codes: 0 ok, 1 failure, 2 usage, 3 partial success, 4 login needed, 5 action needed, 129 hung up (SIGHUP), 130 cancelled (Ctrl-C), 143 terminated (SIGTERM).',
    );
  });

  it.skipIf(!hasTmux)('on an 80-column terminal nothing wraps (tmux)', async () => {
    for (const command of ['', 'offers email']) {
      const words = [process.execPath, BIN, ...command.split(' ').filter(Boolean), '--help'];
      const screen = await runInTerminal(words, e2e.env(), { columns: 80, rows: 200, capture: ['-J'] });
      expect(screen).toContain('exit=0');
      // -J joins lines the terminal wrapped: a wrapped line would show longer than the pane.
      expect(screen.split('\n').filter((line) => line.trimEnd().length > 80)).toEqual([]);
    }
  });
});

describe('completion fish on a fresh account (item 13)', { timeout: 60_000 }, () => {
  const hasFish = spawnSync('fish', ['--version']).status === 0;
  it.skipIf(!hasFish)(
    'the commands the help prints install the script though ~/.config/fish does not exist',
    async () => {
      const help = await e2e.run(['completion', 'fish', '--help']);
      const commands = help.stdout
        .split('\n')
        .filter((line) => line.startsWith('  $ '))
        .map((line) => line.slice(4));
      expect(commands.length).toBeGreaterThan(0);
      const home = mkdtempSync(join(tmpdir(), 'agent-cli-fish-'));
      try {
        const bin = mkdtempSync(join(home, 'bin-'));
        writeFileSync(join(bin, 'agent-cli'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, {
          mode: 0o755,
        });
        const run = spawnSync('fish', ['--no-config', '-c', commands.join('; and ')], {
          env: { PATH: `${bin}:${process.env['PATH']}`, HOME: home },
          encoding: 'utf8',
        });
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        expect(readFileSync(join(home, '.config/fish/completions/agent-cli.fish'), 'utf8')).toContain(
          'complete',
        );
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );
});
