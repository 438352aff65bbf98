import { describe, expect, it } from 'vitest';
import { RequestValidationError, ResponseValidationError, ServerError } from '../../src/index.js';
import { rejectionOf, signedInClient, TOKEN } from '../support/client.js';
import { describeErrorAnswers, expectNothingSent } from '../support/error-cases.js';
import * as params from '../support/params.js';
import { OOB_ID, ORG_ID, orgEnvelope, outOfBandRecord } from '../support/records.js';
import { useMockService } from '../support/server.js';

const service = useMockService();
const OFFER_ROUTE = '/orgs/:orgId/credentials/oob/offer';
const EMAIL_ROUTE = '/orgs/:orgId/credentials/oob/email';

/** The `data` a real gateway answers for a shareable offer. */
const offerData = {
  invitationUrl: 'https://agent.example.com/invite?oob=abc',
  deepLinkURL: 'didcomm://invite?oob=abc',
  invitation: { '@id': 'inv-1' },
  outOfBandRecord: outOfBandRecord(),
  outOfBandRecordId: OOB_ID,
  credentialRequestThId: 'thread-9',
  invitationDid: 'did:peer:2.Ez6inviter',
};

describe('org(id).offers.create', () => {
  it('posts the required fields with credentialType in the query and returns the envelope', async () => {
    service.on('POST', OFFER_ROUTE, { json: orgEnvelope(offerData) });
    const result = await signedInClient().client.org(ORG_ID).offers.create(params.offerCreate.minimal);
    expect(service.only()).toEqual({
      method: 'POST',
      path: `/orgs/${ORG_ID}/credentials/oob/offer`,
      query: { credentialType: 'jsonld' },
      authorization: `Bearer ${TOKEN}`,
      contentType: 'application/json',
      body: params.offerCreate.minimal,
    });
    expect(result).toEqual(orgEnvelope(offerData));
  });

  it('posts every field it is given', async () => {
    service.on('POST', OFFER_ROUTE, { json: orgEnvelope(offerData) });
    await signedInClient().client.org(ORG_ID).offers.create(params.offerCreate.full);
    expect(service.only().body).toEqual(params.offerCreate.full);
  });

  it('lets the credentialType option override the query value', async () => {
    service.on('POST', OFFER_ROUTE, { json: orgEnvelope(offerData) });
    await signedInClient()
      .client.org(ORG_ID)
      .offers.create(params.offerCreate.minimal, { credentialType: 'indy' });
    expect(service.only().query).toEqual({ credentialType: 'indy' });
  });

  it("uses the client's default organisation and percent-encodes it", async () => {
    service.on('POST', OFFER_ROUTE, { json: orgEnvelope(offerData) });
    await signedInClient({ orgId: 'acme/eu' }).client.org().offers.create(params.offerCreate.minimal);
    expect(service.only().path).toBe('/orgs/acme%2Feu/credentials/oob/offer');
  });

  it('accepts the real 201 answer without success and keeps its extra fields', async () => {
    const body = { statusCode: 201, message: 'Credential offer created', data: { ...offerData, extra: 1 } };
    service.on('POST', OFFER_ROUTE, { status: 201, json: body });
    const result = await signedInClient().client.org(ORG_ID).offers.create(params.offerCreate.minimal);
    expect(result).toEqual(body);
    expect(result.success).toBeUndefined();
  });

  it('refuses an answer without the invitation URL it promises, naming data.invitationUrl', async () => {
    const { invitationUrl: _, ...withoutUrl } = offerData;
    service.on('POST', OFFER_ROUTE, { status: 201, json: orgEnvelope(withoutUrl, { statusCode: 201 }) });
    const error = await rejectionOf(() =>
      signedInClient().client.org(ORG_ID).offers.create(params.offerCreate.minimal),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      {
        path: 'data.invitationUrl',
        message: expect.any(String),
        code: 'invalid_type',
        expected: 'string',
        received: 'undefined',
      },
    ]);
  });

  it('rejects a missing credential before sending anything', async () => {
    const { credential: _omitted, ...rest } = params.offerCreate.minimal;
    const call = () =>
      signedInClient()
        .client.org(ORG_ID)
        .offers.create(rest as typeof params.offerCreate.minimal);
    expectNothingSent(await rejectionOf(call), 'credential');
  });

  it('rejects an empty credential definition id before sending anything', async () => {
    const bad = { ...params.offerCreate.minimal, credentialDefinitionId: '' };
    const error = await rejectionOf(() => signedInClient().client.org(ORG_ID).offers.create(bad));
    expectNothingSent(error, 'credentialDefinitionId');
  });

  it('refuses org() without an id when the client has no default organisation', async () => {
    const error = await rejectionOf(async () =>
      signedInClient().client.org().offers.create(params.offerCreate.minimal),
    );
    expectNothingSent(error, 'orgId');
  });
});

describeErrorAnswers({
  name: 'org(id).offers.create',
  method: 'POST',
  route: OFFER_ROUTE,
  invoke: (client) => client.org(ORG_ID).offers.create(params.offerCreate.minimal),
  malformed: { body: { statusCode: 201, message: 'created' }, issuePath: 'data' },
  orgScoped: true,
});

describe('org(id).offers.sendByEmail', () => {
  it('posts the required fields with credentialType in the query and returns data true', async () => {
    const body = { statusCode: 201, message: 'Credential offer sent', data: true };
    service.on('POST', EMAIL_ROUTE, { status: 201, json: body });
    const result = await signedInClient().client.org(ORG_ID).offers.sendByEmail(params.offerEmail.minimal);
    expect(service.only()).toEqual({
      method: 'POST',
      path: `/orgs/${ORG_ID}/credentials/oob/email`,
      query: { credentialType: 'indy' },
      authorization: `Bearer ${TOKEN}`,
      contentType: 'application/json',
      body: params.offerEmail.minimal,
    });
    expect(result).toEqual(body);
  });

  it('posts every field it is given and accepts the spec answer with success', async () => {
    service.on('POST', EMAIL_ROUTE, { json: orgEnvelope({ sent: 2 }) });
    const result = await signedInClient().client.org(ORG_ID).offers.sendByEmail(params.offerEmail.full);
    expect(service.only().body).toEqual(params.offerEmail.full);
    expect(result).toEqual(orgEnvelope({ sent: 2 }));
  });

  it('rejects a malformed holder e-mail before sending anything, naming the element', async () => {
    const bad = { ...params.offerEmail.minimal, credentialOffer: [{ emailId: 'holder-at-example' }] };
    const error = await rejectionOf(() => signedInClient().client.org(ORG_ID).offers.sendByEmail(bad));
    expectNothingSent(error, 'credentialOffer[0].emailId');
  });

  it('rejects an empty holder list before sending anything', async () => {
    const bad = { ...params.offerEmail.minimal, credentialOffer: [] };
    const error = await rejectionOf(() => signedInClient().client.org(ORG_ID).offers.sendByEmail(bad));
    expect(error).toBeInstanceOf(RequestValidationError);
    expectNothingSent(error, 'credentialOffer');
  });

  it("reports a partially failed batch with the gateway's message and the failures", async () => {
    const failures = [{ statusCode: 500, message: 'SMTP down', error: 'Internal' }];
    service.on('POST', EMAIL_ROUTE, {
      status: 500,
      json: { statusCode: 500, message: 'Some offers failed', error: failures },
    });
    const error = await rejectionOf(() =>
      signedInClient().client.org(ORG_ID).offers.sendByEmail(params.offerEmail.full),
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('Some offers failed (1 failed: SMTP down)');
    expect(service.requests).toHaveLength(1);
  });
});

describeErrorAnswers({
  name: 'org(id).offers.sendByEmail',
  method: 'POST',
  route: EMAIL_ROUTE,
  invoke: (client) => client.org(ORG_ID).offers.sendByEmail(params.offerEmail.minimal),
  malformed: { body: { statusCode: 201, message: 'sent', data: 'yes' }, issuePath: 'data' },
  orgScoped: true,
});
