import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID } from '../src/index.js';
import { signedInClient, useSandbox } from './support/msw.js';
import { offerParams, proofParams, schemaParams } from './support/params.js';

const ctx = useSandbox();

describe('the demo story through the SDK', () => {
  it('signs in, writes a DID, creates a schema, offers, accepts, negotiates and requests a proof', async () => {
    const agent = await signedInClient(ctx.sandbox);

    const { did, didDocument } = await agent.dids.write({ method: 'key', keyType: 'ed25519' });
    expect(did).toMatch(/^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]+$/);
    expect(didDocument?.verificationMethod?.[0]).toMatchObject({
      type: 'Ed25519VerificationKey2018',
      controller: did,
    });

    const schema = await agent.schemas.create(schemaParams(did));
    expect(schema).toMatchObject({
      state: 'finished',
      schemaId: `${did}/anoncreds/v0/SCHEMA/Employee/1.0.0`,
    });

    const { data: offer } = await agent.org().offers.create(offerParams());
    const oobId = offer.outOfBandRecordId ?? '';
    expect(offer.outOfBandRecord?._tags?.state).toBe('await-response');
    expect(offer.invitationUrl).toMatch(/^http:\/\/agent\.test\/invitation\?oob=/);
    const [issuerRecord] = await agent.credentials.list({ threadId: offer.credentialRequestThId ?? '' });
    expect(issuerRecord).toMatchObject({
      role: 'issuer',
      state: 'offer-sent',
      _tags: { state: 'offer-sent' },
    });

    const accepted = await agent.oob.acceptInvitation(oobId, { label: 'Alice' });
    const connectionId = accepted.connectionRecord?.id ?? '';
    expect(accepted.connectionRecord).toMatchObject({ outOfBandId: oobId, state: 'completed' });
    expect((await agent.oob.get(oobId))._tags?.state).toBe('done');

    const [holderRecord] = await agent.credentials.list({ role: 'holder', connectionId });
    expect(holderRecord).toMatchObject({ state: 'offer-received', threadId: offer.credentialRequestThId });

    const negotiated = await agent.credentials.negotiateOffer({
      protocolVersion: 'v2',
      credentialFormats: { jsonld: {} },
      credentialRecordId: holderRecord?.id ?? '',
      connectionId,
    });
    expect(negotiated.state).toBe('request-sent');
    const states = (await agent.credentials.list({ threadId: offer.credentialRequestThId ?? '' })).map(
      (r) => [r.role, r.state],
    );
    expect(states).toEqual([
      ['issuer', 'done'],
      ['holder', 'done'],
    ]);

    const proof = await agent
      .org()
      .proofs.request(proofParams(connectionId), { requestType: 'presentationExchange' });
    expect(proof.statusCode).toBe(201);
    expect(proof.data).toMatchObject({ state: 'request-sent', connectionId, role: 'verifier' });
    expect(ctx.sandbox.state.proofs.size).toBe(1);
  });

  it('leaves the exchange at request-received when the issuer does not auto-accept', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const { data } = await agent
      .org(DEMO_ORG_ID)
      .offers.create(offerParams({ autoAcceptCredential: 'never' }));
    const { connectionRecord } = await agent.oob.acceptInvitation(data.outOfBandRecordId ?? '');
    const [holder] = await agent.credentials.list({ role: 'holder' });
    await agent.credentials.negotiateOffer({
      protocolVersion: 'v2',
      credentialFormats: { jsonld: {} },
      credentialRecordId: holder?.id ?? '',
      connectionId: connectionRecord?.id ?? '',
    });
    const states = (await agent.credentials.list()).map((r) => `${r.role}:${r.state}`);
    expect(states).toEqual(['issuer:request-received', 'holder:request-sent']);
  });
});
