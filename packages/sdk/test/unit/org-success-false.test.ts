/**
 * Issue 18 (attack M2): an `/orgs` answer with HTTP 200 and `success: false` is a failure, for every
 * `/orgs` method, checked in one place: an {@link OperationFailedError} with the envelope's
 * `statusCode` and `message`, the request's method/path/target, never a resolved record.
 */
import { describe, expect, it } from 'vitest';
import { EmailNotSentError, OperationFailedError, RequestError } from '../../src/index.js';
import { rejectionOf, signedInClient } from '../support/client.js';
import * as params from '../support/params.js';
import { ORG_ID } from '../support/records.js';
import { useMockService } from '../support/server.js';

const service = useMockService();
const failed = { statusCode: 400, message: 'Proof request failed: connection not ready', success: false };

const CASES = [
  {
    name: 'proofs.request',
    path: `orgs/${ORG_ID}/proofs`,
    data: { id: 'p1', state: 'abandoned' },
    call: () =>
      signedInClient().client.org(ORG_ID).proofs.request(params.proofRequest.minimal, {
        requestType: 'presentationExchange',
      }),
  },
  {
    name: 'offers.create',
    path: `orgs/${ORG_ID}/credentials/oob/offer`,
    data: { invitationUrl: 'https://example.com/i' },
    call: () => signedInClient().client.org(ORG_ID).offers.create(params.offerCreate.minimal),
  },
];

describe.each(CASES)('$name', ({ path, data, call }) => {
  it('rejects a 200 answer with success: false, with the envelope facts', async () => {
    service.on('POST', `/${path}`, { json: { ...failed, data } });
    const error = await rejectionOf(call);
    expect(error).toBeInstanceOf(OperationFailedError);
    expect(error).toBeInstanceOf(RequestError);
    const e = error as OperationFailedError;
    expect(e.message).toContain('Proof request failed: connection not ready');
    expect(e.statusCode).toBe(400);
    expect(e.status).toBe(200);
    expect(e.method).toBe('POST');
    expect(e.path).toBe(path);
    expect(e.target).toBe('platform');
    expect(service.seen).toBe(1);
  });

  it('still resolves when success is true or absent', async () => {
    service.on('POST', `/${path}`, { json: { statusCode: 201, message: 'Created', data } });
    await expect(call()).resolves.toMatchObject({ data });
  });
});

it('the e-mail endpoint keeps its own EmailNotSentError', async () => {
  service.on('POST', `/orgs/${ORG_ID}/credentials/oob/email`, { json: { ...failed, data: true } });
  const error = await rejectionOf(() =>
    signedInClient().client.org(ORG_ID).offers.sendByEmail(params.offerEmail.minimal),
  );
  expect(error).toBeInstanceOf(EmailNotSentError);
});
