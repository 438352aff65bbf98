import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
const configFile = () => join(e2e.configDir(), 'config.json');
const configText = () => (existsSync(configFile()) ? readFileSync(configFile(), 'utf8') : '');
const config = () =>
  JSON.parse(configText() || '{"profiles":{}}') as {
    currentProfile?: string;
    profiles: Record<string, Record<string, unknown>>;
  };
const login = (profile: string) =>
  e2e.run(['login', '--email', DEMO_USER.email, '--password-stdin', '--profile', profile], {
    stdin: DEMO_USER.password,
  });

describe('one profile name rule everywhere (item 20)', { timeout: 120_000 }, () => {
  const paths: [string, (name: string) => Promise<{ code: number | null; stderr: string }>, string][] = [
    [
      '--profile (config set)',
      (name) => e2e.run(['config', 'set', 'org', 'o', '--profile', name]),
      '--profile',
    ],
    ['--profile (login)', (name) => login(name), '--profile'],
    [
      'AGENT_CLI_PROFILE',
      (name) => e2e.run(['whoami'], { env: { AGENT_CLI_PROFILE: name } }),
      'AGENT_CLI_PROFILE',
    ],
    ['config use', (name) => e2e.run(['config', 'use', name]), 'config use'],
    ['config delete', (name) => e2e.run(['config', 'delete', name, '--force']), 'config delete'],
  ];
  for (const bad of ['a b', '../../etc', '__proto__']) {
    it.each(paths)(
      `refuses "${bad}" through %s, naming it, changing nothing`,
      async (_path, runWith, named) => {
        const before = configText();
        const result = await runWith(bad);
        expect(result.code).toBe(2);
        expect(result.stderr).toBe(
          `error: ${named}: invalid profile name "${bad}" (letters, digits, ".", "_" and "-", starting with a letter or digit)\n`,
        );
        expect(configText()).toBe(before);
      },
    );
  }
});

describe('config set with an empty value (attack F9)', { timeout: 60_000 }, () => {
  it.each(['org', 'base-url', 'agent-url'])(
    'config set %s "" is a usage error naming the key',
    async (key) => {
      expect((await e2e.run(['config', 'set', 'org', 'kept', '--profile', 'f9'])).code).toBe(0);
      const before = configText();
      for (const value of ['', '  ']) {
        const result = await e2e.run(['config', 'set', key, value, '--profile', 'f9']);
        expect(result.code).toBe(2);
        expect(result.stderr).toBe(
          `error: config set ${key}: the value is empty (to remove the setting: agent-cli config unset ${key})\n`,
        );
      }
      expect(configText()).toBe(before);
    },
  );
});

describe('config unset and config delete (item 20)', { timeout: 60_000 }, () => {
  it('config unset KEY removes the setting, and says so when it was not set', async () => {
    await e2e.run(['config', 'set', 'org', 'o-1', '--profile', 'unset']);
    const removed = await e2e.run(['config', 'unset', 'org', '--profile', 'unset', '--json']);
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual({ profile: 'unset', key: 'org', removed: true });
    expect(config().profiles['unset']).toEqual({});
    const again = await e2e.run(['config', 'unset', 'org', '--profile', 'unset']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('org was not set in profile "unset"\n');
  });

  it('config delete NAME removes a profile and its token', async () => {
    expect((await login('gone')).code).toBe(0);
    const result = await e2e.run(['config', 'delete', 'gone']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('✓ Deleted profile "gone" (and its stored token)\n');
    expect(config().profiles['gone']).toBeUndefined();
  });

  it('refuses to delete the current profile without --force, and names the others', async () => {
    await e2e.run(['config', 'use', 'current-one', '--create']);
    const refused = await e2e.run(['config', 'delete', 'current-one']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'error: profile "current-one" is the current one: run agent-cli config use <other profile> first, or pass --force\n',
    );
    expect(config().profiles['current-one']).toEqual({});
    const forced = await e2e.run(['config', 'delete', 'current-one', '--force', '--json']);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toEqual({ profile: 'current-one', deleted: true, current: 'default' });
    expect(config().currentProfile).toBeUndefined();
  });

  it('a profile that does not exist is a usage error listing those that do', async () => {
    await e2e.run(['config', 'set', 'org', 'o', '--profile', 'staging']);
    const result = await e2e.run(['config', 'delete', 'stagign']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: no profile "stagign" \(profiles: [^)]*staging[^)]*\)\n$/);
  });
});

describe('--json for config set / use and logout when logged out (item 19)', { timeout: 60_000 }, () => {
  it('config set --json prints the setting; a secret shows as "set"', async () => {
    const set = await e2e.run(['config', 'set', 'org', 'o-2', '--profile', 'js', '--json']);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ profile: 'js', key: 'org', value: 'o-2' });
    await e2e.run(['config', 'set', 'agent-url', 'https://agent.example.com', '--profile', 'js']);
    const secret = await e2e.run(['config', 'set', 'agent-key', '-', '--profile', 'js', '--json'], {
      stdin: 'agent-key-value',
    });
    expect(JSON.parse(secret.stdout)).toEqual({ profile: 'js', key: 'agent-key', value: 'set' });
    expect(secret.stdout + secret.stderr).not.toContain('agent-key-value');
  });

  it('config use --json prints the profile it switched to', async () => {
    await e2e.run(['config', 'set', 'org', 'o-3', '--profile', 'usejs']);
    const result = await e2e.run(['config', 'use', 'usejs', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      profile: 'usejs',
      created: false,
      org: 'o-3',
      signedIn: false,
    });
    const created = await e2e.run(['config', 'use', 'brand-new', '--create', '--json']);
    expect(JSON.parse(created.stdout)).toMatchObject({ profile: 'brand-new', created: true });
    await e2e.run(['config', 'use', 'default']);
  });

  it('logout when not signed in says so and exits 0', async () => {
    const result = await e2e.run(['logout', '--profile', 'never-signed-in']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Not signed in (profile "never-signed-in"): nothing to do\n');
    const signedIn = await login('was-in');
    expect(signedIn.code).toBe(0);
    const out = await e2e.run(['logout', '--profile', 'was-in', '--json']);
    expect(out.stderr).toBe('✓ Logged out (profile "was-in")\n');
    expect(JSON.parse(out.stdout)).toEqual({ profile: 'was-in', signedIn: false, wasSignedIn: true });
  });
});
