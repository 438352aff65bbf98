import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
const FLAGS = ['--credential-type', 'indy', '--cred-def-id', 'X:3:CL:17:default', '--attr', 'name=Al'];
const NEEDS =
  'missing "credential" in --file: the credential to offer, an object with @context, type, id, issuer, issuanceDate, expirationDate, credentialSubject and options (see examples/offer.json)';

describe('offers create without a credential names what to give (attack M8)', { timeout: 60_000 }, () => {
  it('no --file', async () => {
    const result = await e2e.run(['offers', 'create', '--org', 'o', ...FLAGS], {
      env: { AGENT_CLI_TOKEN: 'T' },
    });
    expect(result.stderr).toBe(`error: ${NEEDS}\n`);
    expect(result.code).toBe(2);
  });

  it('a --file without "credential"', async () => {
    const file = join(e2e.configDir(), 'no-credential.json');
    writeFileSync(file, JSON.stringify({ comment: 'hi' }));
    const result = await e2e.run(['offers', 'create', '--org', 'o', '--file', file, ...FLAGS], {
      env: { AGENT_CLI_TOKEN: 'T' },
    });
    expect(result.stderr).toBe(`error: ${NEEDS}\n`);
    expect(result.code).toBe(2);
  });
});
