import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID } from '../src/index.js';
import { call, useSandbox } from './support/msw.js';
import { emailParams } from './support/params.js';

const ctx = useSandbox();

async function post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await call(ctx.sandbox, path, { token: ctx.sandbox.issueToken(), body });
  return { status: response.status, body: await response.json() };
}

describe('request validation against openapi.json', () => {
  it('names each wrong field of an e-mail offer in a NestJS-style 400', async () => {
    const body = emailParams(['holder@example.com', 'not-an-email']);
    // A field the spec does not list is allowed: the spec leaves the shape open.
    const result = await post(`/orgs/${DEMO_ORG_ID}/credentials/oob/email?credentialType=jsonld`, {
      ...body,
      comment: '',
      protocolVersion: 'v3',
      extra: 1,
    });
    expect(result).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        message: [
          'credentialOffer[1].emailId must be an email',
          'comment should not be empty',
          'protocolVersion must be one of the following values: v1, v2',
        ],
        error: 'Bad Request',
      },
    });
    expect(ctx.sandbox.totalDeliveries()).toBe(0);
  });

  it('validates the query too: a missing credentialType is named', async () => {
    const result = await post(`/orgs/${DEMO_ORG_ID}/credentials/oob/email`, emailParams(['a@example.com']));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message: ['credentialType is required'] });
  });

  it('answers 400 on agent routes too, naming types and formats', async () => {
    const result = await post('/schemas', {
      issuerId: 'did:key:z6Mk1',
      name: 7,
      version: '1.0',
      attributes: [],
    });
    expect(result.body).toEqual({
      statusCode: 400,
      message: [
        'name must be a string',
        'version must match /^\\d+\\.\\d+\\.\\d+$/ regular expression',
        'attributes must contain at least 1 elements',
      ],
      error: 'Bad Request',
    });
  });

  it('rejects a body that is not JSON', async () => {
    const response = await fetch(`${ctx.sandbox.baseUrl}/dids/write`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ctx.sandbox.issueToken()}`, 'Content-Type': 'application/json' },
      body: '{"method":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: ['body must be valid JSON'] });
  });

  it('never echoes a rejected value, so secrets stay out of messages', async () => {
    const result = await post('/auth/signin', {
      email: 'issuer@example.com',
      password: 'hunter2',
      isPasskey: 'yes',
    });
    expect(result.body).toMatchObject({ message: ['isPasskey must be a boolean'] });
    expect(JSON.stringify(result.body)).not.toContain('hunter2');
  });

  it('rejects a state filter of GET /credentials that is not a credential state', async () => {
    const response = await call(ctx.sandbox, '/credentials?state=shipped', {
      token: ctx.sandbox.issueToken(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: [expect.stringMatching(/^state must be one of the following values: proposal-sent, /)],
    });
  });
});
