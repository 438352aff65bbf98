import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
const QUERY = 'must not contain a query (?…) or a fragment (#…)';

describe('a base URL with a query or fragment is named as given (attack M3)', { timeout: 60_000 }, () => {
  it.each([
    ['base-url', 'http://127.0.0.1:4410/?a=1'],
    ['agent-url', 'http://127.0.0.1:4410/#x'],
  ])('config set %s refuses %s, naming the key', async (key, url) => {
    const dir = join(e2e.configDir(), `set-${key}`);
    const result = await e2e.run(['config', 'set', key, url], { env: { AGENT_CLI_CONFIG_DIR: dir } });
    expect(result.stderr).toBe(`error: ${key}: ${QUERY}\n`);
    expect(result.code).toBe(2);
  });

  it.each([
    ['--base-url', { AGENT_CLI_BASE_URL: undefined }, ['--base-url', 'http://127.0.0.1:4410/?a=1']],
    ['AGENT_CLI_BASE_URL', { AGENT_CLI_BASE_URL: 'http://127.0.0.1:4410/#x' }, []],
    [
      'AGENT_CLI_AGENT_URL',
      { AGENT_CLI_AGENT_URL: 'http://127.0.0.1:4410/?a=1', AGENT_CLI_AGENT_KEY: 'k' },
      [],
    ],
  ])('%s with a query: named, never an SDK field', async (name, env, args) => {
    const result = await e2e.run([...args, 'credentials', 'list'], { env: { AGENT_CLI_TOKEN: 't', ...env } });
    expect(result.stderr).toBe(`error: ${name}: ${QUERY}\n`);
    expect(result.code).toBe(2);
  });

  it('a stored one (written by hand) is named as the profile setting', async () => {
    const dir = join(e2e.configDir(), 'stored');
    mkdirSync(dir, { recursive: true });
    const profile = { baseUrl: 'http://127.0.0.1:4410/?a=1', agentUrl: 'http://127.0.0.1:4411/?b=2' };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: profile } }));
    const env = { AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_BASE_URL: undefined, AGENT_CLI_TOKEN: 't' };
    const result = await e2e.run(['credentials', 'list'], { env });
    expect(result.stderr).toBe(`error: base-url of profile "default": ${QUERY}\n`);
    const agent = await e2e.run(['credentials', 'list'], {
      env: { ...env, AGENT_CLI_BASE_URL: 'http://127.0.0.1:4410' },
    });
    expect(agent.stderr).toBe(`error: agent-url of profile "default": ${QUERY}\n`);
  });
});
