import { describe, expect, it } from 'vitest';
import { loginDemo } from '../../support/login.js';
import { json, useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();

describe('agent-cli config list', () => {
  it('lists the profiles as a table with the current one marked', async () => {
    await bench.runAnonymous(['config', 'set', 'base-url', 'https://a.example.com', '--profile', 'prod']);
    await loginDemo(bench);
    const result = await bench.runAnonymous(['config', 'list']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ {2}PROFILE +BASE URL +ORG +USER +SIGNED IN$/);
    expect(lines[1]).toMatch(/^ {2}prod +https:\/\/a\.example\.com +- +- +no$/);
    expect(lines[2]).toMatch(/^\* default +- +- +issuer@example\.com +yes \(until 20\d\d-/);
  });

  it('prints profiles without tokens with --json', async () => {
    await loginDemo(bench);
    const result = await bench.runAnonymous(['config', 'list', '--json']);
    const view = json<{ current: string; profiles: Record<string, Record<string, unknown>> }>(result);
    expect(view.current).toBe('default');
    expect(view.profiles['default']).toMatchObject({ email: 'issuer@example.com', signedIn: true });
    expect(result.stdout).not.toContain('accessToken');
  });

  it('says where the file is when there are no profiles', async () => {
    const result = await bench.runAnonymous(['config', 'list']);
    expect(result.stdout).toBe(`No profiles yet (config file: ${bench.configDir()}/config.json).\n`);
  });
});
