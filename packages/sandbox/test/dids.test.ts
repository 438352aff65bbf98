import { ConflictError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { call, signedInClient, useSandbox } from './support/msw.js';

const ctx = useSandbox();

async function write(
  body: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await call(ctx.sandbox, '/dids/write', { token: ctx.sandbox.issueToken(), body });
  return { status: response.status, body: await response.json() };
}

describe('POST /dids/write', () => {
  it('writes an indy DID on bcovrin:testnet by default, the same one for the same seed', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const seed = '000000000000000000000000Steward1';
    const { did, didDocument } = await agent.dids.write({ method: 'indy', keyType: 'ed25519', seed });
    expect(did).toMatch(/^did:indy:bcovrin:testnet:[1-9A-HJ-NP-Za-km-z]{16,23}$/);
    expect(didDocument?.authentication).toEqual([`${did}#verkey`]);
    await expect(agent.dids.write({ method: 'indy', keyType: 'ed25519', seed })).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it('refuses key types a method does not support, naming the field', async () => {
    const response = await call(ctx.sandbox, '/dids/write', {
      token: ctx.sandbox.issueToken(),
      body: { method: 'indy', keyType: 'bls12381g2' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: ['keyType must be ed25519 for method indy'] });
  });

  it('answers the DID and its document, and registers it without the seed', async () => {
    const seed = 'a-seed-that-must-not-be-kept-0001';
    const { status, body } = await write({ method: 'key', keyType: 'bls12381g2', seed });
    expect(status).toBe(200);
    const did = String(body['did']);
    expect(did).toMatch(/^did:key:z[1-9A-HJ-NP-Za-km-z]+$/);
    expect(body['didDocument']).toMatchObject({
      id: did,
      verificationMethod: [{ id: `${did}#${did.slice('did:key:'.length)}`, type: 'Bls12381G2Key2020' }],
    });
    expect(ctx.sandbox.state.dids.get(did)).toMatchObject({ did, method: 'key', keyType: 'bls12381g2' });
    expect(JSON.stringify([...ctx.sandbox.state.dids.values()])).not.toContain(seed);
  });

  it('wants a domain for did:web and makes the DID from it', async () => {
    expect(await write({ method: 'web', keyType: 'ed25519' })).toMatchObject({
      status: 400,
      body: { message: ['domain is required for method web'] },
    });
    const { body } = await write({ method: 'web', keyType: 'ed25519', domain: 'issuer.example.com' });
    expect(body['did']).toBe('did:web:issuer.example.com');
    expect(ctx.sandbox.state.dids.size).toBe(1);
  });

  it('puts polygon DIDs on testnet unless polygon:mainnet is asked for', async () => {
    const testnet = await write({ method: 'polygon', keyType: 'k256' });
    const mainnet = await write({ method: 'polygon', keyType: 'k256', network: 'polygon:mainnet' });
    expect(testnet.body['did']).toMatch(/^did:polygon:testnet:0x[0-9a-f]{40}$/);
    expect(mainnet.body['did']).toMatch(/^did:polygon:0x[0-9a-f]{40}$/);
  });
});
