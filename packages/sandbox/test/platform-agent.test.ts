import { AgentClient, BadRequestError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { call, useSandbox } from './support/msw.js';
import { schemaParams } from './support/params.js';
import { connection, tokenOf } from './support/platform.js';

// The agent controller of a real deployment, as the platform flavour imitates it (raw API key).
const AGENT_KEY = 'agent-api-key-3b9f';
const ctx = useSandbox({ flavor: 'platform', agentKey: AGENT_KEY, agentLine: '2.0' });

function agentCall(path: string, body?: unknown): Promise<Response> {
  return call(ctx.sandbox, path, { authorization: AGENT_KEY, ...(body === undefined ? {} : { body }) });
}

/** The holder's exchange record of a fresh offer whose invitation the holder accepted. */
async function offerToAccept(): Promise<{ id: string; threadId: string }> {
  const connectionId = await connection(ctx.sandbox, await tokenOf(ctx.sandbox));
  const [holder] = (await (await agentCall(`/credentials?connectionId=${connectionId}`)).json()) as {
    id: string;
    threadId: string;
  }[];
  return { id: holder?.id ?? '', threadId: holder?.threadId ?? '' };
}

describe('POST /credentials/accept-offer (platform flavour)', () => {
  it('accepts the offer of a holder record, which knows its connection, and the issuer issues', async () => {
    const holder = await offerToAccept();
    const response = await agentCall('/credentials/accept-offer', {
      credentialRecordId: holder.id,
      credentialFormats: { jsonld: {} },
      autoAcceptCredential: 'always',
      comment: 'thanks',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: holder.id, role: 'holder', state: 'request-sent' });
    const thread = (await (await agentCall(`/credentials?threadId=${holder.threadId}`)).json()) as {
      role: string;
      state: string;
    }[];
    expect(thread.map((r) => `${r.role}:${r.state}`)).toEqual(['issuer:done', 'holder:done']);
  });

  it('answers 404 for an unknown record and 500 CredoError for one that was accepted already', async () => {
    const missing = await agentCall('/credentials/accept-offer', {
      credentialRecordId: '00000000-0000-4000-8000-000000000000',
    });
    expect([missing.status, await missing.json()]).toEqual([
      404,
      { message: 'CredentialRecord: record with id 00000000-0000-4000-8000-000000000000 not found.' },
    ]);
    const holder = await offerToAccept();
    await agentCall('/credentials/accept-offer', { credentialRecordId: holder.id });
    const again = await agentCall('/credentials/accept-offer', { credentialRecordId: holder.id });
    expect([again.status, await again.json()]).toEqual([
      500,
      {
        message: 'CredoError: Credential record is in invalid state done. Valid states are: offer-received.',
      },
    ]);
  });

  it('refuses negotiate-offer fields it does not take (connectionId) with the real 422', async () => {
    const holder = await offerToAccept();
    const response = await agentCall('/credentials/accept-offer', {
      credentialRecordId: holder.id,
      connectionId: holder.id,
      protocolVersion: 'v2',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'Validation Failed',
      details: {
        body: {
          message: '"connectionId,protocolVersion" is an excess property and therefore is not allowed',
        },
      },
    });
    expect(ctx.sandbox.state.credentials.get(holder.id)?.state).toBe('offer-received');
  });

  it("works as the README's split-deployment call through the SDK, whose 422 is a BadRequestError", async () => {
    const { baseUrl } = ctx.sandbox;
    const agent = new AgentClient({ baseUrl, agent: { baseUrl, apiKey: AGENT_KEY }, retry: false });
    const holder = await offerToAccept();
    const accept = (body: Record<string, unknown>) =>
      agent.request({ method: 'POST', path: '/credentials/accept-offer', body });
    expect(await accept({ credentialRecordId: holder.id })).toMatchObject({ state: 'request-sent' });
    const error = await accept({ credentialRecordId: holder.id, connectionId: 'c-1' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe(
      'Validation Failed: body: "connectionId" is an excess property and therefore is not allowed',
    );
  });

  it('is an agent route: served once, not under /v1', () => {
    const routes = ctx.sandbox.handlers.map((h) => h.info.header).filter((h) => h.includes('accept-offer'));
    expect(routes).toEqual([`POST ${ctx.sandbox.baseUrl}/credentials/accept-offer`]);
  });
});

describe('request validation on agent routes (platform flavour)', () => {
  it("answers an extra or missing field with the agent's 422 Validation Failed, naming each", async () => {
    const { issuerId: _, ...withoutIssuer } = schemaParams('did:key:z6MkIssuer');
    const response = await agentCall('/schemas', { ...withoutIssuer, colour: 'blue' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'Validation Failed',
      details: {
        'body.issuerId': { message: "'issuerId' is required" },
        body: { message: '"colour" is an excess property and therefore is not allowed' },
      },
    });
    expect(ctx.sandbox.state.schemas.size).toBe(0);
  });

  it('still answers a body that is not JSON with 400', async () => {
    const response = await fetch(`${ctx.sandbox.baseUrl}/dids/write`, {
      method: 'POST',
      headers: { Authorization: AGENT_KEY, 'Content-Type': 'application/json' },
      body: '{"method":',
    });
    expect(response.status).toBe(400);
  });
});
