import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
// Each run starts in an empty working directory: whatever lands in it is a config file (and its
// token) written next to the user's work.
let cwd = '';
let home = '';
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'agent-cli-cwd-'));
  home = mkdtempSync(join(tmpdir(), 'agent-cli-home-'));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

/** Runs the bin in the empty working directory with the given HOME/XDG/AGENT_CLI_CONFIG_DIR. */
const runIn = (args: string[], env: Record<string, string | undefined>, stdin?: string) =>
  e2e.run(args, {
    cwd,
    env: { AGENT_CLI_CONFIG_DIR: undefined, XDG_CONFIG_HOME: undefined, ...env },
    ...(stdin === undefined ? {} : { stdin }),
  });
const login = (env: Record<string, string | undefined>) =>
  runIn(['login', '--email', DEMO_USER.email, '--password-stdin'], env, DEMO_USER.password);

describe('the config file never lands in the working directory (attack F23)', { timeout: 60_000 }, () => {
  const noHome: [string, Record<string, string | undefined>, string][] = [
    ['HOME empty', { HOME: '' }, 'error: HOME is empty:'],
    ['HOME relative', { HOME: 'home' }, 'error: HOME is not an absolute path ("home"):'],
    ['HOME empty, XDG_CONFIG_HOME relative', { HOME: '', XDG_CONFIG_HOME: 'xdg' }, 'error: HOME is empty:'],
  ];

  it.each(noHome)('%s: login is refused before anything is sent, naming HOME', async (_, env, start) => {
    const before = e2e.sandbox().sandbox.requestCount('POST', '/auth/signin');
    const result = await login(env);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(start)).toBe(true);
    expect(result.stderr).toContain('AGENT_CLI_CONFIG_DIR');
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(e2e.sandbox().sandbox.requestCount('POST', '/auth/signin')).toBe(before);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it.each(noHome)('%s: config set is refused, naming HOME', async (_, env, start) => {
    const result = await runIn(['config', 'set', 'org', 'o1'], env);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(start)).toBe(true);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('HOME empty: a command that only reads still runs with AGENT_CLI_TOKEN', async () => {
    const result = await runIn(['credentials', 'list', '--json'], {
      HOME: '',
      AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken(),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a relative XDG_CONFIG_HOME is ignored (XDG spec): the file goes under $HOME/.config', async () => {
    const result = await login({ HOME: home, XDG_CONFIG_HOME: 'xdg' });
    expect(result.code).toBe(0);
    expect(readdirSync(cwd)).toEqual([]);
    expect(existsSync(join(home, '.config', 'agent-cli', 'config.json'))).toBe(true);
  });

  it('an absolute XDG_CONFIG_HOME is used even when HOME is empty', async () => {
    const xdg = join(home, 'xdg');
    mkdirSync(xdg);
    const result = await runIn(['config', 'set', 'org', 'o1'], { HOME: '', XDG_CONFIG_HOME: xdg });
    expect(result.code).toBe(0);
    expect(existsSync(join(xdg, 'agent-cli', 'config.json'))).toBe(true);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a relative AGENT_CLI_CONFIG_DIR is a usage error naming it', async () => {
    const result = await login({ HOME: home, AGENT_CLI_CONFIG_DIR: 'conf' });
    expect(result).toMatchObject({
      code: 2,
      stderr: 'error: AGENT_CLI_CONFIG_DIR must be an absolute path, got "conf"\n',
    });
    expect(readdirSync(cwd)).toEqual([]);
  });
});
