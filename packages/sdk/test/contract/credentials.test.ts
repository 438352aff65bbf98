import { describe, expect, it } from 'vitest';
import { type CredentialListParams, RateLimitError } from '../../src/index.js';
import { rejectionOf, signedInClient, TOKEN } from '../support/client.js';
import { describeErrorAnswers, expectNothingSent } from '../support/error-cases.js';
import * as params from '../support/params.js';
import {
  CONNECTION_ID,
  CREDENTIAL_RECORD_ID,
  credentialRecord,
  REAL_RECORD_EXTRAS,
} from '../support/records.js';
import { useMockService } from '../support/server.js';

const service = useMockService();

describe('credentials.list', () => {
  it('gets every record without a query when no filter is given', async () => {
    service.on('GET', '/credentials', { json: [credentialRecord()] });
    const records = await signedInClient().client.credentials.list();
    expect(service.only()).toEqual({
      method: 'GET',
      path: '/credentials',
      query: {},
      authorization: `Bearer ${TOKEN}`,
      contentType: null,
      body: undefined,
    });
    expect(records).toEqual([credentialRecord()]);
  });

  it('sends every filter as a query parameter', async () => {
    service.on('GET', '/credentials', { json: [] });
    const filters = {
      threadId: 'thread-1',
      parentThreadId: 'parent 1&x',
      connectionId: CONNECTION_ID,
      state: 'offer-sent',
      role: 'issuer',
    } satisfies CredentialListParams;
    await signedInClient().client.credentials.list(filters);
    expect(service.only().query).toEqual(filters);
  });

  it('keeps the extra fields real agents add and element fields of credentials and attributes', async () => {
    const record = credentialRecord({
      ...REAL_RECORD_EXTRAS,
      credentials: [{ credentialRecordType: 'w3c', credentialRecordId: 'w3c-1', extra: true }],
      credentialAttributes: [{ 'mime-type': 'text/plain', name: 'name', value: 'Alice' }],
    });
    service.on('GET', '/credentials', { json: [record] });
    expect(await signedInClient().client.credentials.list()).toEqual([record]);
  });

  it('parses a state the SDK does not know, such as archived', async () => {
    service.on('GET', '/credentials', { json: [credentialRecord({ state: 'archived' })] });
    const [record] = await signedInClient().client.credentials.list();
    expect(record?.state).toBe('archived');
  });

  it('unwraps a gateway envelope around the list', async () => {
    service.on('GET', '/credentials', {
      json: { statusCode: 200, message: 'ok', data: [credentialRecord()] },
    });
    expect(await signedInClient().client.credentials.list()).toEqual([credentialRecord()]);
  });

  it('rejects an unknown filter before sending anything', async () => {
    const filters = { status: 'done' } as unknown as CredentialListParams;
    const error = await rejectionOf(async () => signedInClient().client.credentials.list(filters));
    expectNothingSent(error, 'filters.status');
  });

  it('rejects an empty thread id before sending anything', async () => {
    const error = await rejectionOf(async () => signedInClient().client.credentials.list({ threadId: '' }));
    expectNothingSent(error, 'filters.threadId');
  });
});

describeErrorAnswers({
  name: 'credentials.list',
  method: 'GET',
  route: '/credentials',
  invoke: (client) => client.credentials.list(),
  malformed: { body: [{ id: 7 }], issuePath: '[0].id' },
});

describe('credentials.negotiateOffer', () => {
  it('posts the required fields and returns the updated record', async () => {
    service.on('POST', '/credentials/negotiate-offer', { json: credentialRecord({ state: 'request-sent' }) });
    const record = await signedInClient().client.credentials.negotiateOffer(params.negotiateOffer.minimal);
    expect(service.only()).toEqual({
      method: 'POST',
      path: '/credentials/negotiate-offer',
      query: {},
      authorization: `Bearer ${TOKEN}`,
      contentType: 'application/json',
      body: params.negotiateOffer.minimal,
    });
    expect(record).toEqual(credentialRecord({ state: 'request-sent' }));
  });

  it('posts every field it is given', async () => {
    service.on('POST', '/credentials/negotiate-offer', { json: credentialRecord() });
    await signedInClient().client.credentials.negotiateOffer(params.negotiateOffer.full);
    expect(service.only().body).toEqual(params.negotiateOffer.full);
  });

  it('maps a plain-text 429 to RateLimitError with the text and does not repeat the POST', async () => {
    service.on('POST', '/credentials/negotiate-offer', { status: 429, text: 'Too many requests, slow down' });
    const error = await rejectionOf(() =>
      signedInClient().client.credentials.negotiateOffer(params.negotiateOffer.minimal),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ message: 'Too many requests, slow down', retryAfter: undefined });
    expect(service.requests).toHaveLength(1);
  });

  it('rejects a credential record id that is not a UUID before sending anything', async () => {
    const bad = { ...params.negotiateOffer.minimal, credentialRecordId: 'record-1' };
    const error = await rejectionOf(() => signedInClient().client.credentials.negotiateOffer(bad));
    expectNothingSent(error, 'credentialRecordId');
  });

  it('rejects a missing credentialFormats before sending anything', async () => {
    const { credentialFormats: _omitted, ...bad } = params.negotiateOffer.minimal;
    const call = () =>
      signedInClient().client.credentials.negotiateOffer(bad as typeof params.negotiateOffer.minimal);
    expectNothingSent(await rejectionOf(call), 'credentialFormats');
  });
});

describeErrorAnswers({
  name: 'credentials.negotiateOffer',
  method: 'POST',
  route: '/credentials/negotiate-offer',
  invoke: (client) => client.credentials.negotiateOffer(params.negotiateOffer.minimal),
  malformed: { body: { state: 'done' }, issuePath: 'id' },
  lookup: { message: `CredentialRecord: record with id ${CREDENTIAL_RECORD_ID} not found.` },
});
