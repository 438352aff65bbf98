/**
 * The agent's token (line 2.1) kept in the profile by the shipped agent-cli: one exchange serves
 * consecutive runs, the token is sent only to the agent URL and tenant it was fetched for, fetched
 * again once after a 401, kept in an owner-only file and never printed.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliHome, useCliHomes } from '../support/agent-cli.js';
import type { StandIn } from '../support/credo-stand-in.js';
import { trail, useStandIns } from '../support/stand-ins.js';

const homes = useCliHomes();
const standIn = useStandIns();

/** The tokens the stand-in saw, as sent (without `Bearer `). */
const tokensSeen = (s: StandIn) =>
  s.seen
    .filter((r) => r.secret.startsWith('jwt:'))
    .map((r) => r.authorization?.replace(/^Bearer /, '') ?? '');
const PLATFORM = 'http://127.0.0.1:9/v1';
const list = ['credentials', 'list', '--json'];

/** The agent's URL and key from the environment. */
const agentEnv = (s: StandIn, extra: Record<string, string | undefined> = {}) => ({
  AGENT_CLI_BASE_URL: PLATFORM,
  AGENT_CLI_AGENT_URL: s.url,
  AGENT_CLI_AGENT_KEY: s.apiKey,
  ...extra,
});

async function ok(home: CliHome, args: readonly string[], env: Record<string, string | undefined>) {
  const result = await home.run(args, env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result;
}

/** A profile holding the agent's URL and key, as `config set` stores them. */
async function storedAgent(home: CliHome, s: StandIn): Promise<void> {
  expect((await home.run(['config', 'set', 'agent-url', s.url], {})).code).toBe(0);
  expect((await home.run(['config', 'set', 'agent-key', '-'], {}, s.apiKey)).code).toBe(0);
}

describe('the agent token kept in the profile', () => {
  it('one exchange serves consecutive runs (key stored in the profile)', async () => {
    const s = await standIn('2.1');
    const home = homes.home();
    await storedAgent(home, s);
    await ok(home, list, { AGENT_CLI_BASE_URL: PLATFORM });
    await ok(home, list, { AGENT_CLI_BASE_URL: PLATFORM });
    await ok(home, ['dids', 'write', '--method', 'key', '--key-type', 'ed25519', '--json'], {
      AGENT_CLI_BASE_URL: PLATFORM,
    });
    expect(trail(s)).toEqual([
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:base',
      'GET /didcomm/credentials jwt:base',
      'POST /dids/write jwt:base',
    ]);
    expect(statSync(join(home.dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('one exchange serves consecutive runs (key from AGENT_CLI_AGENT_KEY)', async () => {
    const s = await standIn('2.1');
    const home = homes.home();
    await ok(home, list, agentEnv(s));
    await ok(home, list, agentEnv(s, { AGENT_CLI_AGENT_URL: `${s.url}/` }));
    expect(trail(s)).toEqual([
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:base',
      'GET /didcomm/credentials jwt:base',
    ]);
  });

  it('is never sent to another agent URL', async () => {
    const a = await standIn('2.1');
    const b = await standIn('2.1');
    const home = homes.home();
    await ok(home, list, agentEnv(a));
    const [tokenOfA] = tokensSeen(a);
    await ok(home, list, agentEnv(b));
    expect(trail(b)).toEqual(['POST /agent/token key', 'GET /didcomm/credentials jwt:base']);
    expect(b.seen.some((r) => r.authorization?.includes(tokenOfA ?? '?'))).toBe(false);
    // The profile keeps one agent token: B's now, so A's runs exchange again and never get B's.
    await ok(home, list, agentEnv(a));
    expect(trail(a).slice(2)).toEqual(['POST /agent/token key', 'GET /didcomm/credentials jwt:base']);
  });

  it('is never sent for another tenant', async () => {
    const s = await standIn('2.1', ['tenant-7', 'tenant-8']);
    const home = homes.home();
    await ok(home, list, agentEnv(s, { AGENT_CLI_TENANT_ID: 'tenant-7' }));
    await ok(home, list, agentEnv(s, { AGENT_CLI_TENANT_ID: 'tenant-8' }));
    await ok(home, list, agentEnv(s, { AGENT_CLI_TENANT_ID: 'tenant-8' }));
    expect(trail(s).filter((t) => t.startsWith('GET'))).toEqual([
      'GET /didcomm/credentials jwt:tenant-7',
      'GET /didcomm/credentials jwt:tenant-8',
      'GET /didcomm/credentials jwt:tenant-8',
    ]);
    // Nor the tenant's token to the base wallet.
    await ok(home, list, agentEnv(s));
    expect(trail(s).at(-1)).toBe('GET /didcomm/credentials jwt:base');
  });

  it('a refused token is exchanged again once, and the new one is kept for the next run', async () => {
    const s = await standIn('2.1');
    const home = homes.home();
    await ok(home, list, agentEnv(s));
    s.rotate();
    await ok(home, list, agentEnv(s));
    await ok(home, list, agentEnv(s));
    expect(trail(s)).toEqual([
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:base',
      'GET /didcomm/credentials jwt:stale',
      'POST /agent/token key',
      'GET /didcomm/credentials jwt:base',
      'GET /didcomm/credentials jwt:base',
    ]);
  });

  it('line 2.0 keeps no token and sends the key to every route', async () => {
    const s = await standIn('2.0');
    const home = homes.home();
    await ok(home, list, agentEnv(s, { AGENT_CLI_AGENT_LINE: '2.0' }));
    expect(home.configText()).not.toContain('agentToken');
    expect(trail(s)).toEqual(['GET /credentials key']);
  });

  it('is never printed: config get/list, whoami, --verbose, and the file is owner-only', async () => {
    const s = await standIn('2.1');
    const home = homes.home();
    await storedAgent(home, s);
    const env = { AGENT_CLI_BASE_URL: PLATFORM };
    const verbose = await home.run(['--verbose', ...list], env);
    expect(verbose.code).toBe(0);
    const [token] = tokensSeen(s);
    expect(token).toMatch(/^eyJ/);
    expect(home.configText()).toContain(token);
    const shown = [verbose.stdout, verbose.stderr];
    for (const args of [
      ['config', 'list'],
      ['config', 'list', '--json'],
      ['whoami'],
      ['whoami', '--json'],
      ['config', 'get', 'agent-key', '--json'],
      ['--verbose', ...list],
    ]) {
      const result = await home.run(args, env);
      shown.push(result.stdout, result.stderr);
    }
    for (const text of shown) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(s.apiKey);
    }
    expect(verbose.stderr).toContain('authorization: [REDACTED]');
  });

  it('storing another agent key forgets the kept token', async () => {
    const s = await standIn('2.1');
    const home = homes.home();
    await storedAgent(home, s);
    await ok(home, list, { AGENT_CLI_BASE_URL: PLATFORM });
    expect(home.configText()).toContain('agentToken');
    await home.run(['config', 'set', 'agent-key', '-'], {}, s.apiKey);
    expect(home.configText()).not.toContain('agentToken');
    await ok(home, list, { AGENT_CLI_BASE_URL: PLATFORM });
    expect(trail(s).filter((t) => t.startsWith('POST /agent/token'))).toHaveLength(2);
  });
});
