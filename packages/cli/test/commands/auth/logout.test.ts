import { describe, expect, it } from 'vitest';
import { readConfig } from '../../support/config-file.js';
import { loginDemo } from '../../support/login.js';
import { json, useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();

describe('agent-cli logout', () => {
  it('forgets the token of the profile and keeps its other settings', async () => {
    await loginDemo(bench);
    const result = await bench.runAnonymous(['logout']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('✓ Logged out (profile "default")\n');
    const profile = readConfig(bench.configDir()).profiles['default'];
    expect(profile?.token).toBeUndefined();
    expect(profile?.email).toBe('issuer@example.com');
  });

  it('makes the next data command ask for a login (exit 4)', async () => {
    await loginDemo(bench);
    await bench.runAnonymous(['logout']);
    const result = await bench.runAnonymous(['credentials', 'list']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('hint: run: agent-cli login');
  });

  it('prints the state with --json', async () => {
    const result = await bench.runAnonymous(['logout', '--json']);
    expect(json(result)).toEqual({ profile: 'default', signedIn: false, wasSignedIn: false });
  });

  it('warns that AGENT_CLI_TOKEN still applies', async () => {
    const result = await bench.run(['logout']);
    expect(result.stderr).toContain('warning: AGENT_CLI_TOKEN is still set');
  });
});
