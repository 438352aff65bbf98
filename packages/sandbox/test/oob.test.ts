import { NotFoundError, ServerError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { call, signedInClient, useSandbox } from './support/msw.js';
import { offerParams } from './support/params.js';
import { acceptedOffer } from './support/story.js';

const ctx = useSandbox();

describe('GET /oob/{id}', () => {
  it('answers 404 with the agent message for an unknown id', async () => {
    const response = await call(ctx.sandbox, '/oob/nope', { token: ctx.sandbox.issueToken() });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'OutOfBandRecord: record with id nope not found.' });
  });

  it("answers the issuer's stored record: sender, await-response, with the offer attached", async () => {
    const agent = await signedInClient(ctx.sandbox);
    const { data } = await agent.org().offers.create(offerParams());
    const id = data.outOfBandRecordId ?? '';
    const response = await call(ctx.sandbox, `/oob/${id}`, { token: ctx.sandbox.issueToken() });
    const record = await response.json();
    expect(response.status).toBe(200);
    expect(record).toEqual(JSON.parse(JSON.stringify(ctx.sandbox.state.outOfBand.get(id))));
    expect([record.role, record.state, record._tags.state]).toEqual([
      'sender',
      'await-response',
      'await-response',
    ]);
    const [attachment] = record.outOfBandInvitation['requests~attach'];
    expect(attachment.data.json['@id']).toBe(data.credentialRequestThId);
  });
});

describe('POST /oob/{id}/accept-invitation', () => {
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

  it('answers 404 for an unknown invitation and makes no connection', async () => {
    const agent = await signedInClient(ctx.sandbox);
    await expect(agent.oob.acceptInvitation('4c1d2e3f-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(ctx.sandbox.state.connections.size).toBe(0);
  });

  it("gives the holder the offer on the issuer's thread and ties each side to its own connection", async () => {
    const agent = await signedInClient(ctx.sandbox);
    const { threadId, connectionId, holderRecordId } = await acceptedOffer(agent);
    const [issuerConnection] = [...ctx.sandbox.state.connections.values()].filter(
      (c) => c.role === 'responder',
    );
    const records = [...ctx.sandbox.state.credentials.values()];
    expect(records.map((r) => [r.role, r.state, r.threadId, r.connectionId])).toEqual([
      ['issuer', 'offer-sent', threadId, issuerConnection?.id],
      ['holder', 'offer-received', threadId, connectionId],
    ]);
    expect(records[1]?.id).toBe(holderRecordId);
    expect(records[1]?.credentialAttributes).toEqual(records[0]?.credentialAttributes);
  });

  it("keeps the invitee's label, alias and auto-accept choice on the connections", async () => {
    const agent = await signedInClient(ctx.sandbox);
    const { data } = await agent.org().offers.create(offerParams());
    const { connectionRecord } = await agent.oob.acceptInvitation(data.outOfBandRecordId ?? '', {
      label: 'Alice',
      alias: 'alice-wallet',
      autoAcceptConnection: false,
    });
    expect(connectionRecord).toMatchObject({
      role: 'requester',
      alias: 'alice-wallet',
      theirLabel: 'Demo Issuer',
      autoAcceptConnection: false,
    });
    const [issuerSide] = [...ctx.sandbox.state.connections.values()].filter((c) => c.role === 'responder');
    expect([issuerSide?.theirLabel, issuerSide?.alias]).toEqual(['Alice', undefined]);
  });
});
