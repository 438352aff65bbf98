import { describe, expect, it } from 'vitest';
import { WRITE_DID_KEY } from '../../support/fixtures.js';
import { json, useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();

describe('agent-cli dids write', () => {
  it('registers a did:key and prints the resolution result with --json', async () => {
    const result = await bench.run([...WRITE_DID_KEY, '--json']);
    expect(result.code).toBe(0);
    const body = json<{ did: string; didDocument: { id: string } }>(result);
    expect(body.did).toMatch(/^did:key:z6Mk/);
    expect(body.didDocument.id).toBe(body.did);
  });

  it('prints the DID in the summary', async () => {
    const result = await bench.run(['dids', 'write', '--method', 'key', '--key-type', 'ed25519']);
    expect(result.stdout).toMatch(/^DID: +did:key:z6Mk\S+$/m);
  });

  it('never echoes the seed, even with --verbose', async () => {
    const seed = 'my-very-secret-seed-000000000000';
    const result = await bench.run([...WRITE_DID_KEY, '--seed', seed, '--verbose', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('"seed":"[REDACTED]"');
    expect(result.stdout + result.stderr).not.toContain(seed);
  });

  it('is a usage error naming --key-type when it is missing', async () => {
    const result = await bench.run(['dids', 'write', '--method', 'key']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: missing --key-type (or "keyType" in --file)\n');
  });
});
