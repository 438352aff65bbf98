import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();

/** A run in its own config dir `name`, holding `profiles` when given. */
function inDir(name: string, profiles?: Record<string, unknown>) {
  const dir = join(e2e.configDir(), name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (profiles) writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  return (args: string[], env: Record<string, string | undefined> = {}) =>
    e2e.run(args, { env: { AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_BASE_URL: undefined, ...env } });
}

describe('config use (issue 20 §4 item 4)', { timeout: 60_000 }, () => {
  it('refuses an unknown profile, suggesting the closest, and changes nothing', async () => {
    const run = inDir('use', { staging: { org: 'o' }, prod: {} });
    const result = await run(['config', 'use', 'stagign']);
    expect(result.stderr).toBe(
      'error: no profile "stagign" (did you mean "staging"?); profiles: staging, prod\n' +
        'hint: to create it: agent-cli config use stagign --create\n',
    );
    expect(result.code).toBe(2);
    expect((await run(['config', 'list', '--json'])).stdout).toContain('"current": "default"');
  });

  it('--create creates and switches; an existing one and "default" need no flag', async () => {
    const run = inDir('use-create', { staging: {} });
    expect(await run(['config', 'use', 'stagign', '--create'])).toMatchObject({
      code: 0,
      stderr: '✓ Using profile "stagign" (new)\n',
    });
    expect(await run(['config', 'use', 'staging'])).toMatchObject({ code: 0 });
    expect(await run(['config', 'use', 'default'])).toMatchObject({ code: 0 });
  });
});

describe('config get of a setting that is not set (issue 20 §4 item 5)', { timeout: 60_000 }, () => {
  it('exits 1 (nothing to show, not a usage error), with JSON null under --json', async () => {
    const run = inDir('get', { default: { org: 'o' } });
    const plain = await run(['config', 'get', 'agent-key']);
    expect(plain).toEqual({ code: 1, stdout: '', stderr: 'agent-key is not set in profile "default"\n' });
    const json = await run(['config', 'get', 'agent-key', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ profile: 'default', key: 'agent-key', value: null });
    expect((await run(['config', 'get', 'org'])).stdout).toBe('o\n');
  });
});

describe('insecure in a profile or a variable (issue 20 §4 item 10)', { timeout: 60_000 }, () => {
  // A host that is not loopback: refused before anything is sent unless insecure is allowed. With
  // it allowed the run goes on to connect (to a name that does not resolve: a network error).
  const internal = 'http://agent.invalid';
  const refused = /^error: refusing plain http:\/\/ to agent\.invalid: the token would travel unencrypted/;

  it('config set insecure true allows plain http:// as --insecure does; false and unset refuse', async () => {
    const run = inDir('insecure', { default: { baseUrl: internal } });
    const before = await run(['credentials', 'list'], { AGENT_CLI_TOKEN: 't' });
    expect(before.stderr).toMatch(refused);
    expect(before.stderr).toContain('--insecure, AGENT_CLI_INSECURE=1 or agent-cli config set insecure true');
    expect(before.code).toBe(2);
    expect(await run(['config', 'set', 'insecure', 'true'])).toMatchObject({ code: 0 });
    expect((await run(['config', 'get', 'insecure'])).stdout).toBe('true\n');
    const after = await run(['credentials', 'list'], { AGENT_CLI_TOKEN: 't' });
    expect(after.stderr).not.toMatch(refused);
    expect(after.code).toBe(1);
    // The variable wins over the profile, both ways.
    expect(
      (await run(['credentials', 'list'], { AGENT_CLI_TOKEN: 't', AGENT_CLI_INSECURE: '0' })).stderr,
    ).toMatch(refused);
    await run(['config', 'set', 'insecure', 'false']);
    expect((await run(['credentials', 'list'], { AGENT_CLI_TOKEN: 't' })).stderr).toMatch(refused);
    expect(
      (await run(['credentials', 'list'], { AGENT_CLI_TOKEN: 't', AGENT_CLI_INSECURE: '1' })).stderr,
    ).not.toMatch(refused);
  });

  it('config set base-url to a plain http:// host is allowed by the profile setting too', async () => {
    const run = inDir('insecure-set', { default: { insecure: true } });
    expect(await run(['config', 'set', 'base-url', internal])).toMatchObject({ code: 0 });
  });

  it('a bad value names the setting or the variable', async () => {
    const run = inDir('insecure-bad');
    expect(await run(['config', 'set', 'insecure', 'yes please'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: config set insecure: the value must be true or false, got "yes please"\n',
    });
    const bad = await run(['credentials', 'list'], { AGENT_CLI_INSECURE: 'maybe', AGENT_CLI_TOKEN: 't' });
    expect(bad.stderr).toBe('error: AGENT_CLI_INSECURE must be 1 or 0 (true or false), got "maybe"\n');
    expect(bad.code).toBe(2);
  });
});
