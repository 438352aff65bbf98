import { unknownValue } from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORG_ID, type RunningSandbox, startSandbox } from '../src/index.js';
import { emailParams, offerParams, proofParams } from './support/params.js';

// What the real platform refuses, sent as raw HTTP (fetch, not the SDK) to a started sandbox of
// each flavour: the status and the body are the platform's.

const flavours = ['spec', 'platform'] as const;
const running = new Map<string, RunningSandbox>();

beforeAll(async () => {
  for (const flavor of flavours) running.set(flavor, await startSandbox({ flavor }));
});
afterAll(async () => {
  for (const sandbox of running.values()) await sandbox.close();
});

async function post(flavor: string, path: string, body: unknown) {
  const sandbox = running.get(flavor) as RunningSandbox;
  const before = sandbox.sandbox.totalDeliveries();
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.sandbox.issueToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  // The e-mails this request delivered.
  return { status: response.status, body: answer, deliveries: sandbox.sandbox.totalDeliveries() - before };
}

const email = (type = 'jsonld') => `/orgs/${DEMO_ORG_ID}/credentials/oob/email?credentialType=${type}`;
const offer = (type = 'jsonld') => `/orgs/${DEMO_ORG_ID}/credentials/oob/offer?credentialType=${type}`;
const badRequest = (message: string[]) => ({ statusCode: 400, message, error: 'Bad Request' });

describe.each(flavours)('the %s flavour refuses what the platform refuses', (flavor) => {
  it('comment "" on both offer endpoints: 400 "comment should not be empty"', async () => {
    for (const [path, body] of [
      [email(), emailParams(['a@example.com'])],
      [offer(), offerParams()],
    ] as const) {
      const result = await post(flavor, path, { ...body, comment: '' });
      expect(result.status).toBe(400);
      expect(result.body).toEqual(badRequest(['comment should not be empty']));
    }
    expect((await post(flavor, email(), emailParams(['a@example.com']))).status).toBe(201);
  });

  it('a jsonld e-mail offer element without credential or options: 400, nothing sent', async () => {
    const [item] = emailParams(['c@example.com']).credentialOffer;
    const { credential, options, ...bare } = item as NonNullable<typeof item>;
    for (const [element, field] of [
      [{ ...bare, options }, 'credential'],
      [{ ...bare, credential }, 'options'],
    ] as const) {
      const result = await post(flavor, email(), { ...emailParams([]), credentialOffer: [element] });
      expect(result.status).toBe(400);
      expect(result.body).toEqual(
        badRequest([
          `credentialOffer[0].${field} is required: a jsonld offer needs each holder's credential and options`,
        ]),
      );
      expect(result.deliveries).toBe(0);
    }
  });

  it('credentialType=json-ld: 404 "invalid credential type", nothing sent', async () => {
    for (const path of [email('json-ld'), offer('json-ld')]) {
      const result = await post(flavor, path, emailParams(['b@example.com']));
      expect(result.status).toBe(404);
      expect(result.body).toEqual({
        statusCode: 404,
        message: 'invalid credential type',
        error: 'Not Found',
      });
    }
    expect((await post(flavor, email('json-ld'), emailParams(['b@example.com']))).deliveries).toBe(0);
  });

  it('an indy e-mail offer to a holder without attributes: 400 naming the holder', async () => {
    const { credentialOffer, ...rest } = emailParams(['c@example.com', 'd@example.com']);
    const body = {
      ...rest,
      credentialType: 'indy',
      credentialOffer: [
        { emailId: 'c@example.com', attributes: [{ name: 'name', value: 'C' }] },
        { emailId: 'd@example.com' },
      ],
    };
    const result = await post(flavor, email('indy'), body);
    expect(result.status).toBe(400);
    expect(result.body).toEqual(
      badRequest([
        "credentialOffer[1].attributes should not be empty: an indy offer needs the schema's attributes",
      ]),
    );
    expect(result.deliveries).toBe(0);
    expect(credentialOffer).toHaveLength(2);
  });

  it('protocolVersion "v3": 400 naming the allowed values', async () => {
    const result = await post(flavor, email(), { ...emailParams(['e@example.com']), protocolVersion: 'v3' });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(badRequest(['protocolVersion must be one of the following values: v1, v2']));
    const shared = await post(flavor, offer(), offerParams({ protocolVersion: unknownValue('v3') }));
    expect(shared.body).toEqual(badRequest(['protocolVersion must be one of the following values: v1, v2']));
  });

  it('a jsonld offer over protocol v1 (Credo v1 is indy-only)', async () => {
    for (const [path, body] of [
      [email(), emailParams(['f@example.com'])],
      [offer(), offerParams()],
    ] as const) {
      const result = await post(flavor, path, { ...body, protocolVersion: 'v1' });
      const message = 'protocolVersion v1 carries only indy credentials: offer jsonld credentials over v2';
      if (flavor === 'spec') {
        expect(result).toMatchObject({ status: 400, body: badRequest([message]) });
      } else {
        // The agent fails, and the platform relays its failure nested.
        expect(result.status).toBe(500);
        expect(result.body).toEqual({
          statusCode: 500,
          message: 'Something went wrong!',
          error: {
            statusCode: 500,
            message: 'Request failed with status code 500',
            error: { message: expect.stringMatching(/^CredoError: .*v1.*jsonld/) },
          },
        });
      }
      expect(result.deliveries).toBe(0);
    }
  });
});

describe('the platform flavour reads the presentation definition at the top level only', () => {
  const connectionId = '5e4a3c2b-1d0f-4e9a-8b7c-6d5e4f3a2b1c';
  const path = `/orgs/${DEMO_ORG_ID}/proofs?requestType=presentationExchange`;

  it('refuses a definition only inside proofFormats with 400, before looking up the connection', async () => {
    const result = await post('platform', path, proofParams(connectionId));
    expect(result.status).toBe(400);
    expect(result.body).toEqual(
      badRequest([
        'presentationDefinition is required: send it at the top level of the body, beside proofFormats',
      ]),
    );
  });

  it('takes it at the top level (then the unknown connection is the agent 404, relayed)', async () => {
    const { proofFormats, ...rest } = proofParams(connectionId);
    const body = { ...rest, proofFormats: {}, presentationDefinition: proofFormats.presentationDefinition };
    const result = await post('platform', path, body);
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ message: 'Something went wrong!' });
  });
});

describe('the platform flavour takes what the platform takes', () => {
  it('an e-mail offer without credentialDefinitionId or protocolVersion (every top-level field of its DTO is optional)', async () => {
    const { credentialDefinitionId, protocolVersion, ...bare } = emailParams(['e@example.com']);
    const platform = await post('platform', email(), bare);
    expect(platform.status, JSON.stringify(platform.body)).toBe(201);
    expect(platform.deliveries).toBe(1);
    // The spec lists both as required: its flavour keeps refusing them.
    expect((await post('spec', email(), bare)).status).toBe(400);
  });
});
