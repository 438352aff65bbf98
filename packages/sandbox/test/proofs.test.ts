import { NotFoundError, PermissionDeniedError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { OTHER_ORG_ID } from '../src/index.js';
import { signedInClient, useSandbox } from './support/msw.js';
import { proofParams } from './support/params.js';
import { acceptedOffer } from './support/story.js';

const ctx = useSandbox();

describe('POST /orgs/{orgId}/proofs', () => {
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

  it("stores the verifier's record it answers, on a thread of its own, v2 for presentation exchange", async () => {
    const agent = await signedInClient(ctx.sandbox);
    const { connectionId, threadId } = await acceptedOffer(agent);
    const { data } = await agent.org().proofs.request(
      { ...proofParams(connectionId), autoAcceptProof: 'always' },
      {
        requestType: 'presentationExchange',
      },
    );
    const id = typeof data === 'object' ? data.id : undefined;
    const stored = ctx.sandbox.state.proofs.get(id ?? '');
    expect(stored).toMatchObject({
      role: 'verifier',
      state: 'request-sent',
      connectionId,
      protocolVersion: 'v2',
      comment: 'Show your employee card',
      autoAcceptProof: 'always',
    });
    expect(data).toEqual(JSON.parse(JSON.stringify(stored)));
    expect(stored?.threadId).not.toBe(threadId);
  });

  it('answers 403 for an organisation the user is not in and stores nothing', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const { connectionId } = await acceptedOffer(agent);
    const request = agent
      .org(OTHER_ORG_ID)
      .proofs.request(proofParams(connectionId), { requestType: 'presentationExchange' });
    await expect(request).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(ctx.sandbox.state.proofs.size).toBe(0);
  });
});
