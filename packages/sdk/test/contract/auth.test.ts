import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  MemoryTokenStore,
  NotFoundError,
  REDACTED,
  ResponseValidationError,
} from '../../src/index.js';
import { anonymousClient, rejectionOf } from '../support/client.js';
import { expectNothingSent } from '../support/error-cases.js';
import * as params from '../support/params.js';
import { signInResult } from '../support/records.js';
import { useMockService } from '../support/server.js';

const service = useMockService();
const PASSWORD = params.signIn.minimal.password;

describe('auth.signIn', () => {
  it('posts the e-mail, password and isPasskey false without a bearer token when only the required fields are given', async () => {
    service.on('POST', '/auth/signin', { json: signInResult() });
    const result = await anonymousClient().auth.signIn(params.signIn.minimal);
    expect(service.only()).toEqual({
      method: 'POST',
      path: '/auth/signin',
      query: {},
      authorization: null,
      contentType: 'application/json',
      body: { email: 'issuer@example.com', password: PASSWORD, isPasskey: false },
    });
    expect(result).toEqual(signInResult());
  });

  it('sends every field it is given', async () => {
    service.on('POST', '/auth/signin', { json: signInResult() });
    await anonymousClient().auth.signIn({ ...params.signIn.full, isPasskey: true });
    expect(service.only().body).toEqual({ ...params.signIn.full, isPasskey: true });
  });

  it('stores the token so that the next call carries it as a bearer token', async () => {
    service.on('POST', '/auth/signin', { json: signInResult() });
    service.on('GET', '/credentials', { json: [] });
    const tokenStore = new MemoryTokenStore();
    const client = anonymousClient({ tokenStore });
    await client.auth.signIn(params.signIn.minimal);
    await client.credentials.list();
    expect(service.requests[1]?.authorization).toBe('Bearer tok-issued-by-signin-7f3a');
    expect(tokenStore.get()).toMatchObject({
      accessToken: 'tok-issued-by-signin-7f3a',
      tokenType: 'Bearer',
      scope: 'email profile',
    });
  });

  it('unwraps the real gateway envelope and keeps extra fields such as refresh_token', async () => {
    const data = signInResult({ refresh_token: 'refresh-1', refresh_expires_in: 172800 });
    service.on('POST', '/auth/signin', {
      status: 201,
      json: { statusCode: 200, message: 'User login successfully', data },
    });
    const client = anonymousClient();
    const result = await client.auth.signIn(params.signIn.minimal);
    expect(result).toEqual(data);
    expect(await client.auth.session()).toMatchObject({
      tokenType: 'Bearer',
      scope: 'email profile',
      expired: false,
    });
  });

  it('accepts the legacy answer without scope and with expires_at', async () => {
    const data = {
      access_token: 'tok-legacy-1',
      token_type: 'Bearer',
      expires_in: 3600,
      expires_at: 1_800_000_000,
    };
    service.on('POST', '/auth/signin', { json: { statusCode: 200, message: 'ok', data } });
    const client = anonymousClient();
    expect(await client.auth.signIn(params.signIn.minimal)).toEqual(data);
    expect(await client.auth.session()).toMatchObject({
      tokenType: 'Bearer',
      scope: undefined,
      expired: false,
    });
  });

  it('maps a wrong password (401) to AuthenticationError with the server message', async () => {
    service.on('POST', '/auth/signin', {
      status: 401,
      json: { statusCode: 401, message: 'Invalid Credentials', error: 'Unauthorized' },
    });
    const error = await rejectionOf(() => anonymousClient().auth.signIn(params.signIn.minimal));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, message: 'Invalid Credentials', reason: 'rejected' });
  });

  it('maps an unknown user (404) to NotFoundError', async () => {
    service.on('POST', '/auth/signin', {
      status: 404,
      json: { statusCode: 404, message: 'User not found', error: 'Not Found' },
    });
    const error = await rejectionOf(() => anonymousClient().auth.signIn(params.signIn.minimal));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('User not found');
  });

  it("maps a NestJS 400 to BadRequestError with the server's message", async () => {
    service.on('POST', '/auth/signin', {
      status: 400,
      json: { statusCode: 400, message: ['Please provide a valid email'], error: 'Bad Request' },
    });
    const error = await rejectionOf(() => anonymousClient().auth.signIn(params.signIn.minimal));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toBe('Please provide a valid email');
  });

  it('scrubs the password from the message when the server echoes it back', async () => {
    service.on('POST', '/auth/signin', { status: 401, json: { message: `bad password ${PASSWORD}` } });
    const error = await rejectionOf(() => anonymousClient().auth.signIn(params.signIn.minimal));
    expect(error.message).toBe(`bad password ${REDACTED}`);
  });

  it('rejects a malformed e-mail before sending anything', async () => {
    const error = await rejectionOf(() =>
      anonymousClient().auth.signIn({ ...params.signIn.minimal, email: 'nope' }),
    );
    expectNothingSent(error, 'email');
  });

  it('rejects an empty password before sending anything', async () => {
    const error = await rejectionOf(() =>
      anonymousClient().auth.signIn({ ...params.signIn.minimal, password: '' }),
    );
    expectNothingSent(error, 'password');
    expect(error.message).toBe('Invalid request: password: must not be empty');
  });

  it('rejects a 2xx without access_token with ResponseValidationError carrying the raw body', async () => {
    const body = { scope: 'email profile', expires_in: 86400, token_type: 'Bearer' };
    service.on('POST', '/auth/signin', { json: body });
    const error = await rejectionOf(() => anonymousClient().auth.signIn(params.signIn.minimal));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ body, status: 200, path: 'auth/signin' });
    expect((error as ResponseValidationError).issues[0]?.path).toBe('access_token');
  });
});

describe('auth.signOut and auth.session', () => {
  it('forget the token and report no session afterwards', async () => {
    service.on('POST', '/auth/signin', { json: signInResult() });
    const client = anonymousClient();
    expect(await client.auth.session()).toBeUndefined();
    await client.auth.signIn(params.signIn.minimal);
    await client.auth.signOut();
    expect(await client.auth.session()).toBeUndefined();
  });
});
