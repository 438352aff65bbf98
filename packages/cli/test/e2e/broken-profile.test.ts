import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const server = useRecorder();

/** A config dir of its own, with `profiles` written as given. */
function configWith(name: string, profiles: Record<string, unknown>): { dir: string; file: string } {
  const dir = join(e2e.configDir(), name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ profiles }));
  return { dir, file };
}

const signIn = (token: Record<string, unknown>) => ({
  statusCode: 200,
  message: 'ok',
  data: { access_token: 'GOODTOKEN', token_type: 'Bearer', expires_in: 3600, ...token },
});

describe('a sign-in token that cannot go in a header (attack H2)', { timeout: 60_000 }, () => {
  it.each([
    ['a control character in the token', { access_token: 'ab\u0001cd' }],
    ['a non-Latin-1 character in the token', { access_token: 't\u20ack' }],
    ['an escape sequence in the token type', { token_type: 'Bearer\u001b[2J' }],
  ])('login refuses %s: one line, nothing stored', async (name, token) => {
    server.answer(signIn(token));
    const { dir, file } = configWith(`login-${name.replace(/\W+/g, '-')}`, {});
    const result = await e2e.run(
      [
        '--base-url',
        server.url(),
        'login',
        '--email',
        'a@example.com',
        '--password-stdin',
        '--profile',
        'evil',
      ],
      { stdin: 'pw', env: { AGENT_CLI_CONFIG_DIR: dir } },
    );
    expect(result.stderr).toBe(
      'error: the service answered a token that cannot be sent in an HTTP header: nothing was stored\n',
    );
    expect(result.code).toBe(1);
    const stored = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { profiles: {} };
    expect(stored.profiles.evil?.token).toBeUndefined();
  });
});

describe('one broken profile blocks neither the others nor its repair (attack H2)', {
  timeout: 60_000,
}, () => {
  const good = () => ({
    baseUrl: server.url(),
    token: { accessToken: 'GOODTOKEN', tokenType: 'Bearer', issuedBy: server.url() },
  });
  const evil = () => ({
    baseUrl: server.url(),
    agentKey: 'k\u20acy',
    token: { accessToken: 'ab\u0001cd', tokenType: 'Bearer', issuedBy: server.url() },
  });
  const env = (dir: string) => ({ AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_BASE_URL: undefined });

  it('another profile works', async () => {
    server.answer([]);
    const { dir } = configWith('others', { default: good(), evil: evil() });
    const result = await e2e.run(['credentials', 'list', '--json'], { env: env(dir) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('the broken profile itself is reported by path and field, nothing sent', async () => {
    const { dir, file } = configWith('used', { default: good(), evil: evil() });
    const before = server.received.length;
    const result = await e2e.run(['credentials', 'list', '--profile', 'evil'], { env: env(dir) });
    expect(result.stderr).toMatch(
      new RegExp(
        `^error: the config file ${file} is broken at profiles\\.evil\\.(agentKey|token\\.accessToken): `,
      ),
    );
    expect(result.stderr).toContain('agent-cli config delete evil');
    expect(result.stderr).not.toContain('ab\u0001cd');
    expect(result.code).toBe(2);
    expect(server.received.length).toBe(before);
  });

  it.each([
    [['logout', '--profile', 'evil'], (p: Record<string, unknown> | undefined) => p?.['token']],
    [
      ['config', 'unset', 'agent-key', '--profile', 'evil'],
      (p: Record<string, unknown> | undefined) => p?.['agentKey'],
    ],
    [['config', 'delete', 'evil'], (p: Record<string, unknown> | undefined) => p],
  ])('%j repairs it', async (args, field) => {
    const { dir, file } = configWith(`repair-${args.join('-')}`, { default: good(), evil: evil() });
    const result = await e2e.run(args, { env: env(dir) });
    expect(result.code, result.stderr).toBe(0);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(field(stored.profiles.evil)).toBeUndefined();
    expect(stored.profiles.default).toEqual(good());
  });

  it('config set agent-key on the broken profile replaces the bad value', async () => {
    const { dir, file } = configWith('reset-key', { evil: { agentKey: 'k\u20acy' } });
    const result = await e2e.run(['config', 'set', 'agent-key', '-', '--profile', 'evil'], {
      env: { ...env(dir), AGENT_CLI_AGENT_URL: 'https://agent.example.com' },
      stdin: 'GOODKEY',
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.evil.agentKey).toBe('GOODKEY');
  });

  it('config list lists the good profiles and names the broken one', async () => {
    const { dir, file } = configWith('list', { default: good(), evil: evil() });
    const result = await e2e.run(['config', 'list', '--json'], { env: env(dir) });
    expect(result.code, result.stderr).toBe(0);
    expect(Object.keys(JSON.parse(result.stdout).profiles)).toEqual(['default']);
    expect(result.stderr).toContain(
      `profile "evil" left out: the config file ${file} is broken at profiles.evil.`,
    );
  });
});

describe('an agent key that cannot go in a header (attack M2)', { timeout: 60_000 }, () => {
  it('config set agent-key refuses it, naming the key; nothing stored', async () => {
    const { dir, file } = configWith('set-bad-key', {});
    const result = await e2e.run(['config', 'set', 'agent-key', '-'], {
      env: { AGENT_CLI_CONFIG_DIR: dir },
      stdin: 'k\u20acy',
    });
    expect(result.stderr).toBe(
      'error: agent-key contains a character that cannot go in an HTTP header (U+20AC)\n',
    );
    expect(result.code).toBe(2);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles).toEqual({});
  });

  it('a stored bad key is named as the profile setting, not as AGENT_CLI_AGENT_KEY', async () => {
    const { dir, file } = configWith('stored-bad-key', {
      default: { baseUrl: server.url(), agentKey: 'k\u20acy' },
    });
    const result = await e2e.run(['whoami'], {
      env: { AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_BASE_URL: undefined },
    });
    expect(result.stderr).toContain(`the config file ${file} is broken at profiles.default.agentKey: `);
    expect(result.stderr).toContain('agent-cli config unset <key> --profile default');
    expect(result.stderr).not.toContain('AGENT_CLI_AGENT_KEY');
    expect(result.code).toBe(2);
  });
});
