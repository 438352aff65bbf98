import { describe, expect, it } from 'vitest';
import { readConfig } from '../../support/config-file.js';
import { useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();

describe('agent-cli config use', () => {
  it('makes the profile current, so later commands use its settings', async () => {
    await bench.runAnonymous(['config', 'set', 'org', 'staging-org', '--profile', 'staging']);
    const result = await bench.runAnonymous(['config', 'use', 'staging']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('✓ Using profile "staging"\n');
    expect(readConfig(bench.configDir()).currentProfile).toBe('staging');
    const org = await bench.runAnonymous(['config', 'get', 'org']);
    expect(org.stdout).toBe('staging-org\n');
  });

  it('is overridden by AGENT_CLI_PROFILE and --profile', async () => {
    await bench.runAnonymous(['config', 'set', 'org', 'a-org', '--profile', 'a']);
    await bench.runAnonymous(['config', 'set', 'org', 'b-org', '--profile', 'b']);
    await bench.runAnonymous(['config', 'use', 'a']);
    const env = await bench.runAnonymous(['config', 'get', 'org'], { env: { AGENT_CLI_PROFILE: 'b' } });
    expect(env.stdout).toBe('b-org\n');
    const flag = await bench.runAnonymous(['config', 'get', 'org', '--profile', 'a'], {
      env: { AGENT_CLI_PROFILE: 'b' },
    });
    expect(flag.stdout).toBe('a-org\n');
  });

  it('refuses a profile name with spaces', async () => {
    const result = await bench.runAnonymous(['config', 'use', 'my profile']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('invalid profile name "my profile"');
  });
});
