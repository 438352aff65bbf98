import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/index.js';
import { anonymousClient, rejectionOf, signedInClient, TOKEN } from '../support/client.js';
import { describeErrorAnswers, expectNothingSent } from '../support/error-cases.js';
import * as params from '../support/params.js';
import { connectionRecord, OOB_ID, outOfBandRecord, REAL_RECORD_EXTRAS } from '../support/records.js';
import { useMockService } from '../support/server.js';

const service = useMockService();
const BEARER = `Bearer ${TOKEN}`;

describe('oob.get', () => {
  it('gets the record by id with the bearer token and returns every spec field', async () => {
    service.on('GET', '/oob/:id', { json: outOfBandRecord() });
    const record = await signedInClient().client.oob.get(OOB_ID);
    expect(service.only()).toEqual({
      method: 'GET',
      path: `/oob/${OOB_ID}`,
      query: {},
      authorization: BEARER,
      contentType: null,
      body: undefined,
    });
    expect(record).toEqual(outOfBandRecord());
  });

  it('percent-encodes the id so that it stays one path segment', async () => {
    service.on('GET', '/oob/:id', { json: outOfBandRecord() });
    await signedInClient().client.oob.get('a/b?c=d#e');
    expect(service.only().path).toBe('/oob/a%2Fb%3Fc%3Dd%23e');
    expect(service.only().query).toEqual({});
  });

  it('keeps the extra fields real agents add to the record', async () => {
    service.on('GET', '/oob/:id', { json: outOfBandRecord({ ...REAL_RECORD_EXTRAS, state: 'archived' }) });
    const record = await signedInClient().client.oob.get(OOB_ID);
    expect(record).toMatchObject({ ...REAL_RECORD_EXTRAS, state: 'archived' });
  });

  it('accepts out-of-band services that are plain DID strings', async () => {
    const base = outOfBandRecord();
    const invitation = { ...(base['outOfBandInvitation'] as object), services: ['did:peer:2.Ez6LSservice'] };
    service.on('GET', '/oob/:id', { json: { ...base, outOfBandInvitation: invitation } });
    const record = await signedInClient().client.oob.get(OOB_ID);
    expect(record.outOfBandInvitation?.services).toEqual(['did:peer:2.Ez6LSservice']);
  });

  it('maps an HTML 404 page to NotFoundError with a clean message', async () => {
    const html = '<!DOCTYPE html><html><body><h1>Cannot GET /oob</h1></body></html>';
    service.on('GET', '/oob/:id', { status: 404, text: html, contentType: 'text/html' });
    const error = await rejectionOf(() => signedInClient().client.oob.get(OOB_ID));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('HTTP 404 Not Found');
    expect((error as NotFoundError).body).toBe(html);
  });

  it('rejects an empty id before sending anything', async () => {
    const error = await rejectionOf(() => signedInClient().client.oob.get(' '));
    expectNothingSent(error, 'outOfBandId');
  });

  it('refuses to send without a token, naming the missing token as the reason', async () => {
    const error = await rejectionOf(() => anonymousClient().oob.get(OOB_ID));
    expect(error).toMatchObject({ name: 'AuthenticationError', reason: 'missing-token' });
    expect(service.seen).toBe(0);
  });
});

describeErrorAnswers({
  name: 'oob.get',
  method: 'GET',
  route: '/oob/:id',
  invoke: (client) => client.oob.get(OOB_ID),
  malformed: { body: { id: 42 }, issuePath: 'id' },
  lookup: { message: `OutOfBandRecord: record with id ${OOB_ID} not found.` },
});

describe('oob.acceptInvitation', () => {
  const answer = () => ({ connectionRecord: connectionRecord(), outOfBandRecord: outOfBandRecord() });

  it('posts an empty body when no options are given and returns both records', async () => {
    service.on('POST', '/oob/:id/accept-invitation', { json: answer() });
    const result = await signedInClient().client.oob.acceptInvitation(OOB_ID);
    expect(service.only()).toEqual({
      method: 'POST',
      path: `/oob/${OOB_ID}/accept-invitation`,
      query: {},
      authorization: BEARER,
      contentType: 'application/json',
      body: {},
    });
    expect(result).toEqual(answer());
  });

  it('posts every option it is given', async () => {
    service.on('POST', '/oob/:id/accept-invitation', { json: answer() });
    await signedInClient().client.oob.acceptInvitation(OOB_ID, params.acceptInvitation.full);
    expect(service.only().body).toEqual(params.acceptInvitation.full);
  });

  it('percent-encodes the id in the path', async () => {
    service.on('POST', '/oob/:id/accept-invitation', { json: answer() });
    await signedInClient().client.oob.acceptInvitation('x y/z');
    expect(service.only().path).toBe('/oob/x%20y%2Fz/accept-invitation');
  });

  it('accepts an answer without connectionRecord (connection-less invitation)', async () => {
    service.on('POST', '/oob/:id/accept-invitation', { json: { outOfBandRecord: outOfBandRecord() } });
    const result = await signedInClient().client.oob.acceptInvitation(OOB_ID);
    expect(result.connectionRecord).toBeUndefined();
    expect(result.outOfBandRecord.id).toBe(OOB_ID);
  });

  it('keeps the extra fields real agents add to the connection record', async () => {
    const extras = {
      updatedAt: '2024-05-02T00:00:00Z',
      state: 'request-sent',
      role: 'requester',
      autoAcceptConnection: true,
    };
    service.on('POST', '/oob/:id/accept-invitation', {
      json: { ...answer(), connectionRecord: connectionRecord(extras) },
    });
    const result = await signedInClient().client.oob.acceptInvitation(OOB_ID);
    expect(result.connectionRecord).toEqual(connectionRecord(extras));
  });

  it('unwraps a gateway envelope around the answer', async () => {
    service.on('POST', '/oob/:id/accept-invitation', {
      json: { statusCode: 200, message: 'ok', data: answer() },
    });
    expect(await signedInClient().client.oob.acceptInvitation(OOB_ID)).toEqual(answer());
  });

  it('rejects an image URL that is not a URL before sending anything', async () => {
    const error = await rejectionOf(() =>
      signedInClient().client.oob.acceptInvitation(OOB_ID, { imageUrl: 'not a url' }),
    );
    expectNothingSent(error, 'imageUrl');
  });

  it('rejects an unknown option before sending anything', async () => {
    const options = { label: 'Alice', lable: 'typo' } as unknown as typeof params.acceptInvitation.full;
    const error = await rejectionOf(() => signedInClient().client.oob.acceptInvitation(OOB_ID, options));
    expectNothingSent(error, 'lable');
  });
});

describeErrorAnswers({
  name: 'oob.acceptInvitation',
  method: 'POST',
  route: '/oob/:id/accept-invitation',
  invoke: (client) => client.oob.acceptInvitation(OOB_ID),
  malformed: { body: { connectionRecord: connectionRecord() }, issuePath: 'outOfBandRecord' },
  lookup: { message: `OutOfBandRecord: record with id ${OOB_ID} not found.` },
});
