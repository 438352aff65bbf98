import { ConflictError, SchemaRegistrationError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { call, signedInClient, useSandbox } from './support/msw.js';
import { schemaParams } from './support/params.js';

const ctx = useSandbox();

describe('POST /schemas', () => {
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

  it('finishes at once: answers the ledger schema and registers it under its anoncreds id', async () => {
    const response = await call(ctx.sandbox, '/schemas', {
      token: ctx.sandbox.issueToken(),
      body: schemaParams('did:key:z6MkIssuer'),
    });
    const body = await response.json();
    const schemaId = 'did:key:z6MkIssuer/anoncreds/v0/SCHEMA/Employee/1.0.0';
    expect(body).toEqual({
      jobId: expect.any(String),
      schemaState: {
        state: 'finished',
        schema: {
          issuerId: 'did:key:z6MkIssuer',
          name: 'Employee',
          version: '1.0.0',
          attrNames: ['name', 'role'],
          schemaId,
        },
      },
      schemaMetadata: {},
      registrationMetadata: {},
    });
    expect(ctx.sandbox.state.schemas.get(schemaId)?.attrNames).toEqual(['name', 'role']);
  });

  it('registers at once when an endorser DID is given with endorse', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const params = schemaParams('did:key:z6MkIssuer', { endorse: true, endorserDid: 'did:key:z6MkEndorser' });
    expect(await agent.schemas.create(params)).toMatchObject({ state: 'finished' });
    expect(ctx.sandbox.state.schemas.size).toBe(1);
  });
});
