import { describe, expect, it } from 'vitest';
import { type ProofRequestOptions, ResponseValidationError } from '../../src/index.js';
import { rejectionOf, signedInClient, TOKEN } from '../support/client.js';
import { describeErrorAnswers, expectNothingSent } from '../support/error-cases.js';
import * as params from '../support/params.js';
import { CONNECTION_ID, ORG_ID, orgEnvelope } from '../support/records.js';
import { useMockService } from '../support/server.js';

const service = useMockService();
const ROUTE = '/orgs/:orgId/proofs';
const proofRecord = { id: 'proof-1', state: 'request-sent', connectionId: CONNECTION_ID };

describe('org(id).proofs.request', () => {
  it('posts the required fields with requestType in the query and returns the envelope', async () => {
    service.on('POST', ROUTE, { json: orgEnvelope(proofRecord) });
    const result = await signedInClient()
      .client.org(ORG_ID)
      .proofs.request(params.proofRequest.minimal, { requestType: 'presentationExchange' });
    expect(service.only()).toEqual({
      method: 'POST',
      path: `/orgs/${ORG_ID}/proofs`,
      query: { requestType: 'presentationExchange' },
      authorization: `Bearer ${TOKEN}`,
      contentType: 'application/json',
      body: params.proofRequest.minimal,
    });
    expect(result).toEqual(orgEnvelope(proofRecord));
  });

  it('posts every field it is given', async () => {
    service.on('POST', ROUTE, { json: orgEnvelope(proofRecord) });
    await signedInClient()
      .client.org(ORG_ID)
      .proofs.request(params.proofRequest.full, { requestType: 'indy' });
    expect(service.only().body).toEqual(params.proofRequest.full);
    expect(service.only().query).toEqual({ requestType: 'indy' });
  });

  it('accepts the real 201 answer without success, with an unknown proof state', async () => {
    const body = { statusCode: 201, message: 'Proof requested', data: { ...proofRecord, state: 'archived' } };
    service.on('POST', ROUTE, { status: 201, json: body });
    const result = await signedInClient()
      .client.org(ORG_ID)
      .proofs.request(params.proofRequest.minimal, { requestType: 'indy' });
    expect(result).toEqual(body);
  });

  it('gives the proof exchange record with its id, typed without narrowing', async () => {
    service.on('POST', ROUTE, { status: 201, json: { statusCode: 201, message: 'sent', data: proofRecord } });
    const { data } = await signedInClient()
      .client.org(ORG_ID)
      .proofs.request(params.proofRequest.minimal, { requestType: 'indy' });
    const id: string = data.id;
    expect([id, data.state, data.connectionId]).toEqual(['proof-1', 'request-sent', CONNECTION_ID]);
  });

  it.each([
    ['true', true, 'data'],
    ['a bare string', 'proof-1', 'data'],
    ['a record without id', { state: 'request-sent' }, 'data.id'],
    ['an empty id', { id: '' }, 'data.id'],
  ])('an answer whose data is %s has no proof id: ResponseValidationError', async (_, data, path) => {
    service.on('POST', ROUTE, { status: 201, json: { statusCode: 201, message: 'sent', data } });
    const error = await rejectionOf(() =>
      signedInClient()
        .client.org(ORG_ID)
        .proofs.request(params.proofRequest.minimal, { requestType: 'indy' }),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((i) => i.path)).toContain(path);
    expect(service.requests).toHaveLength(1);
  });

  it('rejects a call without requestType before sending anything', async () => {
    const options = {} as ProofRequestOptions;
    const call = async () =>
      signedInClient().client.org(ORG_ID).proofs.request(params.proofRequest.minimal, options);
    expectNothingSent(await rejectionOf(call), 'requestType');
  });

  it('rejects a ledger format without attributes or predicates before sending anything', async () => {
    const bad = {
      ...params.proofRequest.minimal,
      proofFormats: { ...params.proofRequest.minimal.proofFormats, indy: {} },
    };
    const call = () => signedInClient().client.org(ORG_ID).proofs.request(bad, { requestType: 'indy' });
    const error = await rejectionOf(call);
    expectNothingSent(error, 'proofFormats.indy');
    expect(error.message).toContain('must hold attributes or predicates');
  });

  it('rejects a missing presentation definition before sending anything', async () => {
    const bad = { connectionId: CONNECTION_ID, proofFormats: {} } as typeof params.proofRequest.minimal;
    const call = () => signedInClient().client.org(ORG_ID).proofs.request(bad, { requestType: 'indy' });
    expectNothingSent(await rejectionOf(call), 'proofFormats.presentationDefinition');
  });
});

describeErrorAnswers({
  name: 'org(id).proofs.request',
  method: 'POST',
  route: ROUTE,
  invoke: (client) => client.org(ORG_ID).proofs.request(params.proofRequest.minimal, { requestType: 'indy' }),
  malformed: { body: { statusCode: 201, message: 'sent', data: 42 }, issuePath: 'data' },
  orgScoped: true,
});
