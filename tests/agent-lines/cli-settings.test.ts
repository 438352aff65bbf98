/**
 * The shipped agent-cli against stand-ins of both credo-controller lines: the agent line and the
 * tenant as settings (flag > AGENT_CLI_* variable > profile > detection), which secret reaches
 * which path for each, and a bad value refused in one line naming where it came from, nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { type CliHome, useCliHomes } from '../support/agent-cli.js';
import type { StandIn } from '../support/credo-stand-in.js';
import { trail, useStandIns } from '../support/stand-ins.js';

const homes = useCliHomes();
const standIn = useStandIns();

/** The platform is never called by these commands: a closed port. */
const PLATFORM = 'http://127.0.0.1:9/v1';

/** The agent's URL and key from the environment, as a CI job gives them. */
const agentEnv = (s: StandIn, extra: Record<string, string | undefined> = {}) => ({
  AGENT_CLI_BASE_URL: PLATFORM,
  AGENT_CLI_AGENT_URL: s.url,
  AGENT_CLI_AGENT_KEY: s.apiKey,
  ...extra,
});

const list = ['credentials', 'list', '--json'];

/** A run that succeeds; `config set` says what it stored on stderr, other commands print nothing there. */
async function ok(home: CliHome, args: readonly string[], env: Record<string, string | undefined>) {
  const result = await home.run(args, env);
  expect(result.stderr).toBe(args[0] === 'config' ? `✓ ${args[2]} = ${args[3]} (profile "default")\n` : '');
  expect(result.code).toBe(0);
  return result;
}

describe('agent-line', () => {
  it('unset (auto) detects each line at POST /agent/token', async () => {
    const v21 = await standIn('2.1');
    const v20 = await standIn('2.0');
    const home = homes.home();
    await ok(home, list, agentEnv(v21));
    await ok(home, list, agentEnv(v20, { AGENT_CLI_AGENT_LINE: 'auto' }));
    expect(trail(v21)).toEqual(['POST /agent/token key', 'GET /didcomm/credentials jwt:base']);
    expect(trail(v20)).toEqual(['POST /agent/token key', 'GET /credentials key']);
  });

  it('AGENT_CLI_AGENT_LINE=2.0 sends the key to the root path, with no probe', async () => {
    const s = await standIn('2.0');
    await ok(homes.home(), list, agentEnv(s, { AGENT_CLI_AGENT_LINE: '2.0' }));
    expect(trail(s)).toEqual(['GET /credentials key']);
  });

  it('--agent-line 2.1 sends the key only to /agent/token', async () => {
    const s = await standIn('2.1');
    await ok(homes.home(), ['--agent-line', '2.1', ...list], agentEnv(s));
    expect(trail(s)).toEqual(['POST /agent/token key', 'GET /didcomm/credentials jwt:base']);
  });

  it('the profile setting applies; the variable beats it, and the flag beats both', async () => {
    const s = await standIn('2.0');
    const home = homes.home();
    await ok(home, ['config', 'set', 'agent-line', '2.0'], {});
    await ok(home, list, agentEnv(s));
    expect(trail(s)).toEqual(['GET /credentials key']);
    s.seen.length = 0;
    await home.run(list, agentEnv(s, { AGENT_CLI_AGENT_LINE: '2.1' }));
    expect(trail(s)).toEqual(['POST /agent/token key']);
    s.seen.length = 0;
    await ok(home, ['--agent-line', '2.0', ...list], agentEnv(s, { AGENT_CLI_AGENT_LINE: '2.1' }));
    expect(trail(s)).toEqual(['GET /credentials key']);
    const got = await home.run(['config', 'get', 'agent-line'], {});
    expect(got.stdout).toBe('2.0\n');
  });

  it.each([
    [['--agent-line', '3.0'], {}, 'error: --agent-line must be 2.0, 2.1 or auto, got "3.0"'],
    [
      [],
      { AGENT_CLI_AGENT_LINE: 'v2.1' },
      'error: AGENT_CLI_AGENT_LINE must be 2.0, 2.1 or auto, got "v2.1"',
    ],
    [[], { AGENT_CLI_AGENT_LINE: '' }, 'error: AGENT_CLI_AGENT_LINE is empty: give a value or leave it out'],
  ])('a bad line %j %j is refused in one line, nothing sent', async (flags, env, message) => {
    const s = await standIn('2.1');
    const result = await homes.home().run([...flags, ...list], agentEnv(s, env));
    expect(result.stderr).toBe(`${message}\n`);
    expect(result.code).toBe(2);
    expect(s.seen).toEqual([]);
  });

  it('config set refuses a bad line, naming the setting, and stores nothing', async () => {
    const home = homes.home();
    const result = await home.run(['config', 'set', 'agent-line', '2'], {});
    expect(result.stderr).toBe('error: config set agent-line: the value must be 2.0, 2.1 or auto, got "2"\n');
    expect(result.code).toBe(2);
    expect(home.configText()).toBe('');
  });
});

describe('tenant-id', () => {
  it('from the profile: the tenant token is fetched with the base token and sent to the routes', async () => {
    const s = await standIn('2.1', ['tenant-7']);
    const home = homes.home();
    await ok(home, ['config', 'set', 'tenant-id', 'tenant-7'], {});
    await ok(home, list, agentEnv(s));
    await ok(home, ['dids', 'write', '--method', 'key', '--key-type', 'ed25519', '--json'], agentEnv(s));
    // The tenant's token is kept in the profile: the second run sends it without an exchange.
    expect(trail(s)).toEqual([
      'POST /agent/token key',
      'POST /multi-tenancy/get-token/tenant-7 jwt:base',
      'GET /didcomm/credentials jwt:tenant-7',
      'POST /dids/write jwt:tenant-7',
    ]);
    expect((await home.run(['config', 'get', 'tenant-id'], {})).stdout).toBe('tenant-7\n');
  });

  it('--tenant-id beats AGENT_CLI_TENANT_ID, which beats the profile', async () => {
    const s = await standIn('2.1', ['t-env', 't-flag', 't-profile']);
    const home = homes.home();
    await ok(home, ['config', 'set', 'tenant-id', 't-profile'], {});
    await ok(home, list, agentEnv(s, { AGENT_CLI_TENANT_ID: 't-env' }));
    await ok(home, ['--tenant-id', 't-flag', ...list], agentEnv(s, { AGENT_CLI_TENANT_ID: 't-env' }));
    expect(trail(s).filter((t) => t.startsWith('GET'))).toEqual([
      'GET /didcomm/credentials jwt:t-env',
      'GET /didcomm/credentials jwt:t-flag',
    ]);
  });

  it.each([
    [
      ['--tenant-id', 'a/b'],
      {},
      '--tenant-id must be an id without spaces, slashes or control characters, got "a/b"',
    ],
    [
      [],
      { AGENT_CLI_TENANT_ID: 'a b' },
      'AGENT_CLI_TENANT_ID must be an id without spaces, slashes or control characters, got "a b"',
    ],
    [
      ['--tenant-id', 't'],
      { AGENT_CLI_AGENT_LINE: '2.0' },
      '--tenant-id needs an agent of line 2.1, and AGENT_CLI_AGENT_LINE is 2.0',
    ],
  ])('a bad tenant %j %j is refused in one line, nothing sent', async (flags, env, message) => {
    const s = await standIn('2.1', ['t']);
    const result = await homes.home().run([...flags, ...list], agentEnv(s, env));
    expect(result.stderr).toBe(`error: ${message}\n`);
    expect(result.code).toBe(2);
    expect(s.seen).toEqual([]);
  });

  it('a tenant or a line without an agent URL is refused, naming what to set', async () => {
    const home = homes.home();
    const tenant = await home.run(list, { AGENT_CLI_BASE_URL: PLATFORM, AGENT_CLI_TENANT_ID: 't' });
    expect(tenant.stderr.split('\n')[0]).toBe(
      'error: AGENT_CLI_TENANT_ID is for a separate agent controller: set agent-url and agent-key too (AGENT_CLI_AGENT_URL, AGENT_CLI_AGENT_KEY)',
    );
    expect(tenant.code).toBe(2);
    const line = await home.run(['--agent-line', '2.1', ...list], { AGENT_CLI_BASE_URL: PLATFORM });
    expect(line.stderr.split('\n')[0]).toBe(
      'error: --agent-line is for a separate agent controller: set agent-url and agent-key too (AGENT_CLI_AGENT_URL, AGENT_CLI_AGENT_KEY)',
    );
  });
});
