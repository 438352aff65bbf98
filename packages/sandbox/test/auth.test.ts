import { AgentClient, NotFoundError, PermissionDeniedError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID, DEMO_USER, OTHER_ORG_ID } from '../src/index.js';
import { call, signedInClient, useSandbox } from './support/msw.js';
import { offerParams } from './support/params.js';

const ctx = useSandbox();

describe('sign-in', () => {
  it('answers the gateway envelope with a bearer token that lives tokenTtlSeconds', async () => {
    const response = await call(ctx.sandbox, '/auth/signin', { body: { ...DEMO_USER, isPasskey: false } });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      statusCode: 200,
      data: { expires_in: 86400, token_type: 'Bearer', scope: 'email profile' },
    });
    expect(ctx.sandbox.state.userForToken(body.data.access_token)?.email).toBe(DEMO_USER.email);
  });

  it('rejects a wrong password with 401 Invalid Credentials', async () => {
    const response = await call(ctx.sandbox, '/auth/signin', {
      body: { email: DEMO_USER.email, password: 'nope' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      statusCode: 401,
      message: 'Invalid Credentials',
      error: 'Unauthorized',
    });
  });

  it('answers 404 for an unknown user, through the SDK as NotFoundError', async () => {
    const agent = new AgentClient({ baseUrl: ctx.sandbox.baseUrl, retry: false });
    const error = await agent.auth
      .signIn({ email: 'who@example.com', password: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('User not found');
  });
});

describe('tokens and organisations', () => {
  it('answers 401 without a token, in the agent style on agent routes', async () => {
    const response = await call(ctx.sandbox, '/credentials');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401 for an unknown token, in the gateway style on /orgs routes', async () => {
    const response = await call(
      ctx.sandbox,
      `/orgs/${DEMO_ORG_ID}/credentials/oob/offer?credentialType=jsonld`,
      {
        token: 'forged',
        body: offerParams(),
      },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      statusCode: 401,
      message: 'Unauthorized',
      error: 'Unauthorized',
    });
  });

  it('accepts a token from issueToken', async () => {
    const response = await call(ctx.sandbox, '/credentials', { token: ctx.sandbox.issueToken() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('answers 403 for an organisation the user does not belong to', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const error = await agent
      .org(OTHER_ORG_ID)
      .offers.create(offerParams())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).body).toEqual({
      statusCode: 403,
      message: 'User does not have access',
      error: 'Forbidden Resource',
    });
    expect(ctx.sandbox.state.outOfBand.size).toBe(0);
  });

  it('checks the token before the body: 401 wins over 400', async () => {
    const response = await call(ctx.sandbox, '/dids/write', { token: 'forged', body: { method: 7 } });
    expect(response.status).toBe(401);
  });
});

describe('token expiry', () => {
  it('rejects a token once its lifetime is over', async () => {
    const token = ctx.sandbox.issueToken();
    const record = ctx.sandbox.state.tokens.get(token);
    if (record) record.expiresAt = Date.now() - 1;
    const response = await call(ctx.sandbox, '/credentials', { token });
    expect(response.status).toBe(401);
  });
});
