import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bind } from '../../src/startup/actions.js';
import { createProgram, GROUPS, loadGroups } from '../../src/startup/program.js';
import { createIO } from '../../src/terminal/io.js';
import { runCli } from '../support/run-cli.js';
import { BIN, ensureBuilt } from './support/build.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The launcher copied alone into an empty directory: whatever it answers there, it answered from
// its build-time text, since the program (bin.cjs and its chunks) is not there to fall back to.
let alone = '';
beforeAll(() => {
  ensureBuilt();
  alone = mkdtempSync(join(tmpdir(), 'agent-cli-launcher-'));
  copyFileSync(BIN, join(alone, 'agent-cli.cjs'));
}, 120_000);
afterAll(() => rmSync(alone, { recursive: true, force: true }));

const launcherAlone = (args: readonly string[]) =>
  spawnSync(process.execPath, [join(alone, 'agent-cli.cjs'), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] },
  });

/** Every command path of the live program (`[]`, `['credentials']`, `['credentials', 'list']`, …). */
async function commandPaths(): Promise<string[][]> {
  const sink = () => new PassThrough();
  const io = createIO({ stdin: sink(), stdout: sink(), stderr: sink() });
  // Only the commands' definitions are walked: their actions never run.
  const bind: Bind = () => async () => {};
  const program = createProgram(io, bind);
  await loadGroups(program, bind, Object.keys(GROUPS));
  const paths: string[][] = [];
  const walk = (command: Command, path: string[]) => {
    paths.push(path);
    for (const sub of command.commands) if (sub.name() !== 'help') walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return paths;
}

/** Runs `fn` as if stdout were a terminal `columns` wide (commander wraps help to it). */
async function onTerminal<T>(columns: number, fn: () => Promise<T>): Promise<T> {
  const saved = { isTTY: process.stdout.isTTY, columns: process.stdout.columns };
  Object.assign(process.stdout, { isTTY: true, columns });
  try {
    return await fn();
  } finally {
    Object.assign(process.stdout, saved);
  }
}

describe('the launcher answers help from build-time text, equal to the live help', {
  timeout: 120_000,
}, () => {
  it('for every command and subcommand, on a terminal of any width', async () => {
    const paths = await commandPaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const cached = launcherAlone([...path, '--help']);
      expect(cached.stderr, `agent-cli ${path.join(' ')} --help`).toBe('');
      expect(cached.status).toBe(0);
      for (const columns of [40, 200]) {
        const live = await onTerminal(columns, () => runCli([...path, '--help']));
        expect(live.code).toBe(0);
        expect(cached.stdout, `agent-cli ${path.join(' ')} --help (${columns} columns)`).toBe(live.stdout);
      }
    }
  });
});

describe('--version in any position (attack F2)', { timeout: 60_000 }, () => {
  const anywhere = [
    ['--version'],
    ['-V'],
    ['--no-color', '--version'],
    ['credentials', 'list', '--version'],
    ['credentials', 'list', '--state', 'offer-sent', '-V'],
    ['--org', 'o', 'credentials', 'list', '--json', '--version'],
    ['schemas', '--version'],
  ];
  it.each(anywhere)('agent-cli %s… prints the version from the launcher alone', (...args) => {
    expect(launcherAlone(args)).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('leaves schemas create --version to the command (the schema version)', () => {
    const result = spawnSync(process.execPath, [BIN, 'schemas', 'create', '--version'], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("error: option '--version <semver>' argument missing\n");
  });

  it('stops looking at --: agent-cli api GET /x -- --version is not a version request', () => {
    expect(launcherAlone(['api', 'GET', '/x', '--', '--version']).status).not.toBe(0);
  });
});

describe('the value of an option is never read as --version (attack L8)', { timeout: 60_000 }, () => {
  it('offers create --comment --version --help prints the help, not the version', async () => {
    const run = spawnSync(process.execPath, [BIN, 'offers', 'create', '--comment', '--version', '--help'], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'], NO_COLOR: '1' },
    });
    expect(run.stdout).toMatch(/^Usage: agent-cli offers create/);
    expect(run.status).toBe(0);
  });
});
