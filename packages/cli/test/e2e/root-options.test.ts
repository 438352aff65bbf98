import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { BIN } from './support/build.js';

const e2e = useE2E();

// The shipped program copied with its `credentials` group damaged: loading the group fails before
// commander has parsed anything, so before any action (or hook) could have read --verbose.
let damaged = '';
beforeAll(() => {
  damaged = mkdtempSync(join(tmpdir(), 'agent-cli-damaged-'));
  cpSync(dirname(BIN), damaged, { recursive: true });
  const chunk = readdirSync(damaged).find((f) => /^credentials-.*\.cjs$/.test(f));
  if (chunk === undefined) throw new Error('no credentials chunk in dist');
  writeFileSync(join(damaged, chunk), "throw new Error('damaged credentials chunk');\n");
}, 120_000);
afterAll(() => rmSync(damaged, { recursive: true, force: true }));

const runDamaged = (args: string[]) =>
  spawnSync(process.execPath, [join(damaged, 'agent-cli.cjs'), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env['PATH'], AGENT_CLI_CONFIG_DIR: damaged },
  });

describe('root options are known before anything can fail', { timeout: 60_000 }, () => {
  it.each([
    [['--verbose', 'credentials', 'list']],
    [['credentials', '--verbose', 'list']],
    [['credentials', 'list', '--verbose']],
  ])('%j: a failure before any action shows its details (the stack)', (args) => {
    const result = runDamaged(args);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error: damaged credentials chunk\n/);
    expect(result.stderr).toMatch(/\n {4}at /);
  });

  it('without --verbose the same failure is one line', () => {
    const result = runDamaged(['credentials', 'list']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('error: damaged credentials chunk\n');
  });

  it.each([
    [['--verbose', '--timeout'], "error: option '--timeout <ms>' argument missing\n"],
    [
      ['--verbose', 'credentials', 'list', '--state', 'bogus'],
      /^error: option '--state <state>' argument 'bogus' is invalid/,
    ],
    [['credentials', 'list', '--verbose', '--timeout', 'soon'], /^error: --timeout/],
  ])('%j: a usage error with --verbose is still its one line, exit 2', async (args, line) => {
    const result = await e2e.run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(line);
    expect(result.stderr).not.toMatch(/\n {4}at /);
  });
});

describe('root options in any position', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    const login = await e2e.run(['login', '--email', DEMO_USER.email, '--password-stdin'], {
      stdin: DEMO_USER.password,
    });
    expect(login.code).toBe(0);
  }, 60_000);

  it.each([
    [['--verbose', '--json', 'credentials', 'list']],
    [['credentials', '--json', '--verbose', 'list']],
    [['credentials', 'list', '--verbose', '--json']],
  ])('%j prints the HTTP exchange and JSON', async (args) => {
    const result = await e2e.run(args);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^> GET .*\/credentials/m);
    expect(result.stderr).toContain('authorization: [REDACTED]');
    expect(JSON.parse(result.stdout)).toBeInstanceOf(Array);
  });
});
