import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID, DEMO_USER } from '../src/index.js';
import { call, useSandbox } from './support/msw.js';
import { emailParams, offerParams, proofParams } from './support/params.js';
import { connection, signIn, tokenOf } from './support/platform.js';

const AGENT_KEY = 'agent-api-key-7d1e';
const ctx = useSandbox({
  flavor: 'platform',
  passwordKey: 'platform-key-42',
  agentKey: AGENT_KEY,
  agentLine: '2.0',
});

describe('the platform flavour', () => {
  it('signs in with the encrypted password, on / and /v1, answering the legacy shape without scope', async () => {
    for (const path of ['/auth/signin', '/v1/auth/signin']) {
      const response = await signIn(ctx.sandbox, path);
      const body = (await response.json()) as { statusCode: number; data: Record<string, unknown> };
      expect([response.status, body.statusCode]).toEqual([200, 200]);
      expect(body.data).toMatchObject({ token_type: 'Bearer', expires_in: 86_400 });
      expect(body.data['expires_at']).toBeTypeOf('number');
      expect(body.data).not.toHaveProperty('scope');
    }
  });

  it('answers 400 Invalid Credentials to a password sent in clear', async () => {
    const response = await call(ctx.sandbox, '/auth/signin', { body: DEMO_USER });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: 'Invalid Credentials',
      error: 'Bad Request',
    });
  });

  it('answers 401 Invalid Credentials to a wrong password, encrypted', async () => {
    const response = await signIn(ctx.sandbox, '/auth/signin', 'not-the-password');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('Invalid Credentials');
  });

  it('encrypts for the client when isPasswordEncrypted is false', async () => {
    const response = await call(ctx.sandbox, '/auth/signin', {
      body: { ...DEMO_USER, isPasswordEncrypted: false },
    });
    expect(response.status).toBe(200);
  });

  it('wants the raw agent key on agent routes: Bearer, with the key or a platform token, is 401', async () => {
    const token = await tokenOf(ctx.sandbox);
    expect((await call(ctx.sandbox, '/credentials', { authorization: AGENT_KEY })).status).toBe(200);
    for (const authorization of [`Bearer ${AGENT_KEY}`, `Bearer ${token}`]) {
      const refused = await call(ctx.sandbox, '/credentials', { authorization });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers /v1 on platform routes only', async () => {
    const token = await tokenOf(ctx.sandbox);
    const offer = await call(
      ctx.sandbox,
      `/v1/orgs/${DEMO_ORG_ID}/credentials/oob/offer?credentialType=jsonld`,
      {
        token,
        body: offerParams(),
      },
    );
    expect(offer.status).toBe(201);
    expect(ctx.sandbox.handlers.some((h) => h.info.header.includes('/v1/credentials'))).toBe(false);
  });

  it('relays an agent failure nested in the gateway body', async () => {
    const token = await tokenOf(ctx.sandbox);
    const missing = '5e4a3c2b-1d0f-4e9a-8b7c-6d5e4f3a2b1c';
    // The platform's form: the definition at the top level.
    const { proofFormats, ...rest } = proofParams(missing);
    const response = await call(ctx.sandbox, `/orgs/${DEMO_ORG_ID}/proofs?requestType=presentationExchange`, {
      token,
      body: { ...rest, proofFormats: {}, presentationDefinition: proofFormats.presentationDefinition },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: 'Something went wrong!',
      error: {
        statusCode: 404,
        message: 'Request failed with status code 404',
        error: { message: `ConnectionRecord: record with id ${missing} not found.` },
      },
    });
  });

  it('refuses comment "" on an e-mail offer', async () => {
    const token = await tokenOf(ctx.sandbox);
    const response = await call(
      ctx.sandbox,
      `/orgs/${DEMO_ORG_ID}/credentials/oob/email?credentialType=jsonld`,
      {
        token,
        body: { ...emailParams(['a@example.com']), comment: '' },
      },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string[] }).message).toEqual([
      'comment should not be empty',
    ]);
    expect(ctx.sandbox.totalDeliveries()).toBe(0);
  });

  it('accepts presentationDefinition at the top level of a proof request', async () => {
    const token = await tokenOf(ctx.sandbox);
    const connectionId = await connection(ctx.sandbox, token);
    const { proofFormats, ...rest } = proofParams(connectionId);
    const body = { ...rest, proofFormats: {}, presentationDefinition: proofFormats.presentationDefinition };
    const path = `/orgs/${DEMO_ORG_ID}/proofs?requestType=presentationExchange`;
    expect((await call(ctx.sandbox, path, { token, body })).status).toBe(201);
  });
});
