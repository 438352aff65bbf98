import { ConflictError, NotFoundError, SchemaRegistrationError, ServerError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { call, signedInClient, useSandbox } from './support/msw.js';
import { proofParams, schemaParams } from './support/params.js';
import { acceptedOffer } from './support/story.js';

const ctx = useSandbox();

describe('out-of-band records', () => {
  it('answers 404 with the agent message for an unknown id', async () => {
    const response = await call(ctx.sandbox, '/oob/nope', { token: ctx.sandbox.issueToken() });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'OutOfBandRecord: record with id nope not found.' });
  });

  it('refuses to accept an invitation twice', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const { outOfBandId } = await acceptedOffer(agent);
    const error = await agent.oob.acceptInvitation(outOfBandId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(ctx.sandbox.state.connections.size).toBe(2);
  });

  it('links both connection records to the invitation', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const { outOfBandId, connectionId } = await acceptedOffer(agent);
    const connections = [...ctx.sandbox.state.connections.values()];
    expect(connections.map((c) => [c.role, c.outOfBandId, c._tags.outOfBandId])).toEqual([
      ['responder', outOfBandId, outOfBandId],
      ['requester', outOfBandId, outOfBandId],
    ]);
    expect(connections[1]?.id).toBe(connectionId);
    expect(connections[0]?.theirDid).toBe(connections[1]?.did);
  });
});

describe('proof requests', () => {
  it('answers 404 for an unknown connection and stores nothing', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const request = agent.org().proofs.request(proofParams('8d0f0c1e-0000-4000-8000-000000000000'), {
      requestType: 'presentationExchange',
    });
    await expect(request).rejects.toBeInstanceOf(NotFoundError);
    expect(ctx.sandbox.state.proofs.size).toBe(0);
  });

  it('uses protocol v1 for indy requests unless told otherwise', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const { connectionId } = await acceptedOffer(agent);
    const { data } = await agent.org().proofs.request(proofParams(connectionId), { requestType: 'indy' });
    expect(data).toMatchObject({
      protocolVersion: 'v1',
      requestType: 'indy',
      _tags: { state: 'request-sent' },
    });
  });
});

describe('DIDs', () => {
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
});

describe('schemas', () => {
  it('stops at an endorsement action when endorse is set without an endorser', async () => {
    const response = await call(ctx.sandbox, '/schemas', {
      token: ctx.sandbox.issueToken(),
      body: schemaParams('did:key:z6MkIssuer', { endorse: true }),
    });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.schemaState).toMatchObject({
      state: 'action',
      action: 'endorseIndyTransaction',
      schema: { schemaId: 'did:key:z6MkIssuer/anoncreds/v0/SCHEMA/Employee/1.0.0' },
    });
    expect(ctx.sandbox.state.schemas.size).toBe(0);
  });

  it('surfaces the action state as SchemaRegistrationError through the SDK', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const error = await agent.schemas
      .create(schemaParams('did:key:z6MkIssuer', { endorse: true }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaRegistrationError);
    expect((error as SchemaRegistrationError).state).toBe('action');
  });

  it('answers 409 for the same name and version of the same issuer', async () => {
    const agent = await signedInClient(ctx.sandbox);
    await agent.schemas.create(schemaParams('did:key:z6MkIssuer'));
    await agent.schemas.create(schemaParams('did:key:z6MkOther'));
    const again = agent.schemas.create(schemaParams('did:key:z6MkIssuer'));
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    expect(ctx.sandbox.state.schemas.size).toBe(2);
  });

  it('fails registration for an issuer id that is not a DID, as a real agent does', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const error = await agent.schemas.create(schemaParams('issuer-1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaRegistrationError);
    expect((error as SchemaRegistrationError).reason).toBe('issuerId issuer-1 is not a DID');
  });
});
