import { describe, expect, it } from 'vitest';
import { AgentClient, RequestValidationError } from '../../src/index.js';
import { rejectionOf } from '../support/client.js';
import { fakeFetch, json } from '../support/fake-fetch.js';
import * as params from '../support/params.js';
import { ORG_ID, orgEnvelope } from '../support/records.js';

const labels = ['hr', 'onboarding'];

function client() {
  const faked = fakeFetch(json(orgEnvelope({ id: 'proof-1', state: 'request-sent' })));
  const agent = new AgentClient({
    baseUrl: 'http://agent.test',
    fetch: faked.fetch,
    accessToken: 'tok-extra',
  });
  return { agent, requests: faked.requests };
}

describe('the extraBody request option', () => {
  it('adds fields the schema does not list at the top level of the body', async () => {
    const { agent, requests } = client();
    await agent.org(ORG_ID).proofs.request(params.proofRequest.minimal, {
      requestType: 'presentationExchange',
      extraBody: { labels },
    });
    expect(await requests[0]?.json()).toEqual({
      ...params.proofRequest.minimal,
      labels,
    });
  });

  it('still refuses an unknown field given in the params, and sends nothing', async () => {
    const { agent, requests } = client();
    const body = { ...params.proofRequest.minimal, labels };
    const error = await rejectionOf(() =>
      agent.org(ORG_ID).proofs.request(body as typeof params.proofRequest.minimal, { requestType: 'indy' }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'labels', message: 'is not a known field', code: 'unrecognized_keys' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('refuses a field the schema lists, which must go through the params', async () => {
    const { agent, requests } = client();
    const error = await rejectionOf(() =>
      agent.org(ORG_ID).proofs.request(params.proofRequest.minimal, {
        requestType: 'indy',
        extraBody: { connectionId: 'x' },
      }),
    );
    expect((error as RequestValidationError).issues).toEqual([
      {
        path: 'extraBody.connectionId',
        message: 'is a field of the request: give it in the params',
        code: 'custom',
      },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('refuses extraBody on a call that sends no body', async () => {
    const { agent, requests } = client();
    const error = await rejectionOf(() => agent.credentials.list({}, { extraBody: { page: 2 } }));
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'extraBody', message: 'applies only to calls that send a JSON object body', code: 'custom' },
    ]);
    expect(requests).toHaveLength(0);
  });
});
