import { describe, expect, it } from 'vitest';
import { json, useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();

describe('agent-cli config get', () => {
  it('prints the stored value of the profile', async () => {
    await bench.runAnonymous(['config', 'set', 'org', 'org-42']);
    const result = await bench.runAnonymous(['config', 'get', 'org']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('org-42\n');
  });

  it('prints profile, key and value with --json', async () => {
    await bench.runAnonymous(['config', 'set', 'base-url', 'https://a.example.com', '--profile', 'p1']);
    const result = await bench.runAnonymous(['config', 'get', 'base-url', '--profile', 'p1', '--json']);
    expect(json(result)).toEqual({ profile: 'p1', key: 'base-url', value: 'https://a.example.com' });
  });

  it('exits 1 (nothing to show, not a usage error) when the key is not set', async () => {
    const result = await bench.runAnonymous(['config', 'get', 'org']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('org is not set in profile "default"\n');
  });
});
