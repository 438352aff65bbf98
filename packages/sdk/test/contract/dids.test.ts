import { describe, expect, it } from 'vitest';
import { REDACTED, ServerError, unknownFields } from '../../src/index.js';
import { rejectionOf, signedInClient, TOKEN } from '../support/client.js';
import { describeErrorAnswers, expectNothingSent } from '../support/error-cases.js';
import * as params from '../support/params.js';
import { DID, didDocument } from '../support/records.js';
import { useMockService } from '../support/server.js';

const service = useMockService();
const ROUTE = '/dids/write';

describe('dids.write', () => {
  it('posts the key type and method with the bearer token and returns the resolution result', async () => {
    service.on('POST', ROUTE, { json: { did: DID, didDocument: didDocument() } });
    const result = await signedInClient().client.dids.write(params.didWrite.minimal);
    expect(service.only()).toEqual({
      method: 'POST',
      path: '/dids/write',
      query: {},
      authorization: `Bearer ${TOKEN}`,
      contentType: 'application/json',
      body: { keyType: 'ed25519', method: 'key' },
    });
    expect(result).toEqual({ did: DID, didDocument: didDocument() });
  });

  it('posts every field it is given, the secrets included', async () => {
    service.on('POST', ROUTE, { json: { did: DID, didDocument: didDocument() } });
    await signedInClient().client.dids.write(params.didWrite.full);
    expect(service.only().body).toEqual(params.didWrite.full);
  });

  it('normalises the raw registrar answer to did and didDocument, keeping the raw fields', async () => {
    const raw = { jobId: 'j-1', didState: { state: 'finished', did: DID, didDocument: didDocument() } };
    service.on('POST', ROUTE, { json: raw });
    const result = await signedInClient().client.dids.write(params.didWrite.minimal);
    expect(result).toEqual({ ...raw, did: DID, didDocument: didDocument() });
  });

  it('keeps unknown fields of the DID document', async () => {
    const doc = { ...didDocument(), service: [{ id: '#didcomm', type: 'did-communication' }] };
    service.on('POST', ROUTE, { json: { did: DID, didDocument: doc, didDocumentMetadata: {} } });
    const result = await signedInClient().client.dids.write(params.didWrite.minimal);
    expect(result.didDocument).toEqual(doc);
    expect(unknownFields(result)).toEqual({ didDocumentMetadata: {} });
    expect(result.didDocument && unknownFields(result.didDocument)).toEqual({ service: doc.service });
  });

  it('rejects a missing key type before sending anything', async () => {
    const bad = { method: 'key' } as typeof params.didWrite.minimal;
    expectNothingSent(await rejectionOf(() => signedInClient().client.dids.write(bad)), 'keyType');
  });

  it('scrubs the seed and private key from a server error that echoes them', async () => {
    const { seed, privatekey } = params.didWrite.full;
    service.on('POST', ROUTE, {
      status: 500,
      json: { message: `CredoError: seed ${seed} / key ${privatekey}` },
    });
    const error = await rejectionOf(() => signedInClient().client.dids.write(params.didWrite.full));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe(`CredoError: seed ${REDACTED} / key ${REDACTED}`);
  });
});

describeErrorAnswers({
  name: 'dids.write',
  method: 'POST',
  route: ROUTE,
  invoke: (client) => client.dids.write(params.didWrite.minimal),
  malformed: { body: { did: 42, didDocument: { id: DID } }, issuePath: 'did' },
});
