import { DEMO_ORG_ID, DEMO_USER, type RunningSandbox, startSandbox } from '@credential-agent/sandbox';
import { AgentClient } from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as params from '../packages/sdk/test/support/params.js';

// The SDK's models against the sandbox's contract (openapi.json, which the sandbox validates
// requests with): the SDK's request builders, with the fewest and with every field of each
// resource, sent over HTTP to a started sandbox. A body the SDK's schemas let through but the
// contract refuses fails here, so a schema mistake cannot pass on both sides.

let running: RunningSandbox;
let agent: AgentClient;
beforeAll(async () => {
  running = await startSandbox();
  agent = new AgentClient({ baseUrl: running.url, orgId: DEMO_ORG_ID, retry: false });
  await agent.auth.signIn(params.signIn.full);
});
afterAll(async () => {
  await running.close();
});

/** A holder's connection and its credential record, from an offer accepted in the sandbox. */
async function acceptedOffer() {
  const { data } = await agent.org().offers.create(params.offerCreate.minimal);
  const { connectionRecord } = await agent.oob.acceptInvitation(data.outOfBandRecordId ?? '');
  const connectionId = connectionRecord?.id ?? '';
  const [holder] = await agent.credentials.list({ role: 'holder', connectionId });
  return { oobId: data.outOfBandRecordId ?? '', connectionId, recordId: holder?.id ?? '' };
}

describe.each(['minimal', 'full'] as const)('the SDK with the %s params passes the contract', (kind) => {
  it('auth: sign-in', async () => {
    const client = new AgentClient({ baseUrl: running.url, retry: false });
    await expect(client.auth.signIn(params.signIn[kind])).resolves.toMatchObject({ token_type: 'Bearer' });
    expect(DEMO_USER.email).toBe(params.signIn[kind].email);
  });

  it('dids: write', async () => {
    const body =
      kind === 'full'
        ? { ...params.didWrite.full, seed: `${Date.now()}`.padEnd(32, '0') }
        : params.didWrite.minimal;
    await expect(agent.dids.write(body)).resolves.toHaveProperty('did');
  });

  it('schemas: create', async () => {
    const { did } = await agent.dids.write({ method: 'key', keyType: 'ed25519' });
    await expect(
      agent.schemas.create({ ...params.schemaCreate[kind], issuerId: did }),
    ).resolves.toBeDefined();
  });

  it('offers: create and send by e-mail', async () => {
    const created = await agent.org().offers.create(params.offerCreate[kind]);
    expect(created.statusCode).toBe(201);
    const sent = await agent.org().offers.sendByEmail(params.offerEmail[kind]);
    expect(sent.data).toBe(true);
  });

  it('oob: get and accept an invitation', async () => {
    const { data } = await agent.org().offers.create(params.offerCreate.minimal);
    const id = data.outOfBandRecordId ?? '';
    await expect(agent.oob.get(id)).resolves.toHaveProperty('id', id);
    const accepted = await agent.oob.acceptInvitation(id, params.acceptInvitation[kind]);
    expect(accepted.outOfBandRecord).toHaveProperty('id', id);
  });

  it('credentials: list with filters and negotiate an offer', async () => {
    const { connectionId, recordId } = await acceptedOffer();
    await expect(
      agent.credentials.list({ role: 'holder', state: 'offer-received', connectionId }),
    ).resolves.toHaveLength(1);
    const negotiated = await agent.credentials.negotiateOffer({
      ...params.negotiateOffer[kind],
      credentialRecordId: recordId,
      connectionId,
    });
    expect(negotiated.state).toBe('request-sent');
  });

  it('proofs: request', async () => {
    const { connectionId } = await acceptedOffer();
    const result = await agent
      .org()
      .proofs.request(
        { ...params.proofRequest[kind], connectionId },
        { requestType: 'presentationExchange' },
      );
    expect(result.statusCode).toBe(201);
  });
});
