import { describe, expect, it } from 'vitest';
import { readConfig } from '../../support/config-file.js';
import { useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();

describe('agent-cli config set', () => {
  it('stores base-url and org in the selected profile', async () => {
    const a = await bench.runAnonymous([
      'config',
      'set',
      'base-url',
      'https://agent.example.com',
      '--profile',
      'prod',
    ]);
    const b = await bench.runAnonymous(['config', 'set', 'org', 'org-7', '--profile', 'prod']);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.stderr).toBe('✓ base-url = https://agent.example.com (profile "prod")\n');
    expect(readConfig(bench.configDir()).profiles['prod']).toEqual({
      baseUrl: 'https://agent.example.com',
      org: 'org-7',
    });
  });

  it('refuses a plain http:// base URL that is not loopback unless --insecure', async () => {
    const refused = await bench.runAnonymous(['config', 'set', 'base-url', 'http://agent.example.com']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing plain http:// to agent.example.com');
    const allowed = await bench.runAnonymous([
      'config',
      'set',
      'base-url',
      'http://agent.example.com',
      '--insecure',
    ]);
    expect(allowed.code).toBe(0);
  });

  it('is a usage error for an unknown key', async () => {
    const result = await bench.runAnonymous(['config', 'set', 'token', 'abc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'unknown key "token" (known: base-url, org, agent-url, agent-key, agent-line, tenant-id, password-key, insecure)',
    );
  });
});
