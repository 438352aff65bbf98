import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configPlace, openConfig } from '../../src/config/file.js';

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agent-cli-place-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("conf's platform paths (env-paths, no suffix), AGENT_CLI_CONFIG_DIR first", () => {
  const home = '/home/u';
  it.each([
    ['linux', { HOME: home }, '/home/u/.config/agent-cli'],
    ['linux', { HOME: home, XDG_CONFIG_HOME: '/x' }, '/x/agent-cli'],
    ['darwin', { HOME: home, XDG_CONFIG_HOME: '/x' }, '/home/u/Library/Preferences/agent-cli'],
    ['win32', { APPDATA: '/C/Users/u/AppData/Roaming' }, '/C/Users/u/AppData/Roaming/agent-cli/Config'],
    ['win32', { APPDATA: '/A', AGENT_CLI_CONFIG_DIR: '/d' }, '/d'],
    ['linux', { HOME: home, AGENT_CLI_CONFIG_DIR: '/d' }, '/d'],
  ])('%s %j → %s', (platform, env, dir) => {
    expect(configPlace(env, platform).dir).toBe(dir);
  });
});

describe('the one-time move from where an older version kept the file', () => {
  it('moves %APPDATA%\\agent-cli\\config.json into Config, saying so once; never again', async () => {
    const appData = join(root, 'Roaming');
    mkdirSync(join(appData, 'agent-cli'), { recursive: true, mode: 0o700 });
    const old = join(appData, 'agent-cli', 'config.json');
    writeFileSync(old, JSON.stringify({ profiles: { default: { org: 'kept' } } }), { mode: 0o600 });
    const notes: string[] = [];
    const place = configPlace({ APPDATA: appData }, 'win32');
    const config = await openConfig(place, (line) => notes.push(line));
    const moved = join(appData, 'agent-cli', 'Config', 'config.json');
    expect(notes).toEqual([`moved the config file from ${old} to ${moved} (where agent-cli keeps it now)`]);
    expect(config.profile('default').org).toBe('kept');
    expect(JSON.parse(readFileSync(moved, 'utf8')).profiles.default.org).toBe('kept');
    expect(statSync(join(appData, 'agent-cli', 'Config')).mode & 0o777).toBe(0o700);
    await openConfig(place, (line) => notes.push(line));
    expect(notes).toHaveLength(1);
  });

  it('leaves the old file when the new place already has one', async () => {
    const appData = join(root, 'Roaming');
    mkdirSync(join(appData, 'agent-cli', 'Config'), { recursive: true, mode: 0o700 });
    writeFileSync(join(appData, 'agent-cli', 'config.json'), '{"profiles":{"default":{"org":"old"}}}');
    writeFileSync(
      join(appData, 'agent-cli', 'Config', 'config.json'),
      '{"profiles":{"default":{"org":"new"}}}',
      {
        mode: 0o600,
      },
    );
    const notes: string[] = [];
    const config = await openConfig(configPlace({ APPDATA: appData }, 'win32'), (line) => notes.push(line));
    expect(notes).toEqual([]);
    expect(config.profile('default').org).toBe('new');
  });
});
