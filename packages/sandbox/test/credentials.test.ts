import { NotFoundError, ServerError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { signedInClient, useSandbox } from './support/msw.js';
import { offerParams } from './support/params.js';
import { acceptedOffer } from './support/story.js';

const ctx = useSandbox();

async function threeExchanges() {
  const agent = await signedInClient(ctx.sandbox);
  const first = await acceptedOffer(agent, 'parent-1');
  const second = await acceptedOffer(agent);
  await agent.org().offers.create(offerParams());
  return { agent, first, second };
}

describe('GET /credentials filters', () => {
  it('lists every record in storage order without filters', async () => {
    const { agent } = await threeExchanges();
    const all = await agent.credentials.list();
    expect(all.map((r) => `${r.role}:${r.state}`)).toEqual([
      'issuer:offer-sent',
      'holder:offer-received',
      'issuer:offer-sent',
      'holder:offer-received',
      'issuer:offer-sent',
    ]);
  });

  it('narrows by threadId to both sides of one exchange', async () => {
    const { agent, second } = await threeExchanges();
    const records = await agent.credentials.list({ threadId: second.threadId });
    expect(records.map((r) => r.role)).toEqual(['issuer', 'holder']);
  });

  it('narrows by parentThreadId', async () => {
    const { agent, first } = await threeExchanges();
    const records = await agent.credentials.list({ parentThreadId: 'parent-1' });
    expect(records.map((r) => r.threadId)).toEqual([first.threadId, first.threadId]);
  });

  it('narrows by connectionId to one side', async () => {
    const { agent, first } = await threeExchanges();
    const records = await agent.credentials.list({ connectionId: first.connectionId });
    expect(records.map((r) => r.id)).toEqual([first.holderRecordId]);
  });

  it('narrows by state and by role, and combines filters', async () => {
    const { agent, second } = await threeExchanges();
    expect(await agent.credentials.list({ state: 'offer-received' })).toHaveLength(2);
    expect(await agent.credentials.list({ role: 'issuer' })).toHaveLength(3);
    const both = await agent.credentials.list({ role: 'holder', threadId: second.threadId });
    expect(both.map((r) => r.id)).toEqual([second.holderRecordId]);
    expect(await agent.credentials.list({ state: 'done' })).toEqual([]);
  });
});

describe('POST /credentials/accept-offer', () => {
  it('is not served by the spec flavour, whose holder route is negotiate-offer', () => {
    const routes = ctx.sandbox.handlers.map((h) => h.info.header);
    expect(routes).toContain(`POST ${ctx.sandbox.baseUrl}/credentials/negotiate-offer`);
    expect(routes.filter((h) => h.includes('accept-offer'))).toEqual([]);
  });
});

describe('POST /credentials/negotiate-offer', () => {
  const negotiate = (
    agent: Awaited<ReturnType<typeof signedInClient>>,
    credentialRecordId: string,
    connectionId: string,
  ) =>
    agent.credentials.negotiateOffer({
      protocolVersion: 'v2',
      credentialFormats: { jsonld: {} },
      credentialRecordId,
      connectionId,
    });

  it('answers 404 for an unknown record id', async () => {
    const { agent, first } = await threeExchanges();
    const error = await negotiate(agent, '00000000-0000-4000-8000-000000000000', first.connectionId).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body).toEqual({
      message: 'CredentialRecord: record with id 00000000-0000-4000-8000-000000000000 not found.',
    });
  });

  it("answers 404 when the connection is not the record's", async () => {
    const { agent, first, second } = await threeExchanges();
    const error = await negotiate(agent, first.holderRecordId, second.connectionId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(ctx.sandbox.state.credentials.get(first.holderRecordId)?.state).toBe('offer-received');
  });

  it('answers 500 CredoError when the record is not awaiting the holder', async () => {
    const { agent, first } = await threeExchanges();
    await negotiate(agent, first.holderRecordId, first.connectionId);
    const error = await negotiate(agent, first.holderRecordId, first.connectionId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).message).toBe(
      'CredoError: Credential record is in invalid state done. Valid states are: offer-received.',
    );
  });

  it('stores the issued credential on the holder record', async () => {
    const { agent, first } = await threeExchanges();
    await negotiate(agent, first.holderRecordId, first.connectionId);
    const holder = ctx.sandbox.state.credentials.get(first.holderRecordId);
    expect(holder?.credentials).toHaveLength(1);
    expect(holder?._tags.credentialIds).toEqual([holder?.credentials[0]?.credentialRecordId]);
  });
});
