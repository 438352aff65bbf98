/**
 * Issue 18, item 3: request enums are closed unions. A typo in any request value of any method is a
 * compile error (each `@ts-expect-error` below fails `pnpm typecheck` if the typo compiles), and
 * `unknownValue('…')`, the one newer, compiles in every one of them. Response enums stay open.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  AgentClient,
  type CredentialExchangeRecord,
  type RequestEnum,
  type UnknownValue,
  unknownValue,
} from '../../src/index.js';
import * as params from '../support/params.js';

const client = new AgentClient({ baseUrl: 'http://agent.test' });
const org = client.org('0f6f3c1e-2b8a-4a57-9d1e-8c4b2a7f9e10');
const newer = unknownValue('from-a-newer-service');
const attribute = { attributeName: 'age', condition: '>=', value: '18', credDefId: 'cd-1' } as const;
const { credentialOffer, ...bulkCommon } = params.offerEmail.minimal;
const rows = credentialOffer.map((offer) => ({ offer }));

// Never called: the calls are here to be type-checked, one per request enum of each method.
export const typos = [
  // credentials.list: state, role
  // @ts-expect-error -- a typo of 'offer-sent'
  () => client.credentials.list({ state: 'offer-snet' }),
  // @ts-expect-error -- a typo of 'issuer'
  () => client.credentials.list({ role: 'isuer' }),
  // credentials.negotiateOffer: protocolVersion, autoAcceptCredential
  // @ts-expect-error -- not a protocol version
  () => client.credentials.negotiateOffer({ ...params.negotiateOffer.minimal, protocolVersion: 'v3' }),
  () =>
    client.credentials.negotiateOffer({
      ...params.negotiateOffer.minimal,
      // @ts-expect-error -- a typo of 'always'
      autoAcceptCredential: 'alwyas',
    }),
  // dids.write: keyType, method, network, role
  // @ts-expect-error -- a typo of 'ed25519'
  () => client.dids.write({ ...params.didWrite.minimal, keyType: 'ed2519' }),
  // @ts-expect-error -- not a DID method
  () => client.dids.write({ ...params.didWrite.minimal, method: 'kye' }),
  // @ts-expect-error -- a typo of 'bcovrin:testnet'
  () => client.dids.write({ ...params.didWrite.minimal, network: 'bcovrin-testnet' }),
  // @ts-expect-error -- a typo of 'endorser'
  () => client.dids.write({ ...params.didWrite.minimal, role: 'endorsor' }),
  // org(id).proofs.request: the requestType option; protocolVersion, autoAcceptProof, condition
  // @ts-expect-error -- a typo of 'presentationExchange'
  () => org.proofs.request(params.proofRequest.minimal, { requestType: 'presentationexchange' }),
  () =>
    org.proofs.request(
      // @ts-expect-error -- not a protocol version
      { ...params.proofRequest.minimal, protocolVersion: 'v3' },
      { requestType: 'indy' },
    ),
  () =>
    org.proofs.request(
      // @ts-expect-error -- a typo of 'never'
      { ...params.proofRequest.minimal, autoAcceptProof: 'nevr' },
      { requestType: 'indy' },
    ),
  () =>
    org.proofs.request(
      {
        ...params.proofRequest.minimal,
        // @ts-expect-error -- not a comparison operator
        proofFormats: { indy: { attributes: [{ ...attribute, condition: '=>' }] } },
      },
      { requestType: 'indy' },
    ),
  // org(id).offers.create: credentialType (body and option), protocolVersion, autoAcceptCredential
  // @ts-expect-error -- a typo of 'jsonld'
  () => org.offers.create({ ...params.offerCreate.minimal, credentialType: 'json-ld' }),
  // @ts-expect-error -- a typo of 'jsonld'
  () => org.offers.create(params.offerCreate.minimal, { credentialType: 'json-ld' }),
  // @ts-expect-error -- not a protocol version
  () => org.offers.create({ ...params.offerCreate.minimal, protocolVersion: 'v3' }),
  // @ts-expect-error -- a typo of 'contentApproved'
  () => org.offers.create({ ...params.offerCreate.minimal, autoAcceptCredential: 'content-approved' }),
  // org(id).offers.sendByEmail: credentialType (body and option), protocolVersion
  // @ts-expect-error -- a typo of 'jsonld'
  () => org.offers.sendByEmail({ ...params.offerEmail.minimal, credentialType: 'json-ld' }),
  // @ts-expect-error -- a typo of 'jsonld'
  () => org.offers.sendByEmail(params.offerEmail.minimal, { credentialType: 'json-ld' }),
  // @ts-expect-error -- not a protocol version
  () => org.offers.sendByEmail({ ...params.offerEmail.minimal, protocolVersion: 'v3' }),
  // org(id).offers.sendByEmailBulk: the common body's credentialType, protocolVersion
  // @ts-expect-error -- a typo of 'indy'
  () => org.offers.sendByEmailBulk(rows, { ...bulkCommon, credentialType: 'Indy' }),
  // @ts-expect-error -- not a protocol version
  () => org.offers.sendByEmailBulk(rows, { ...bulkCommon, protocolVersion: 'v3' }),
  // A string of unknown content is refused too: it may hold anything.
  // @ts-expect-error -- `string` is not a credential state
  () => client.credentials.list({ state: String(process.env['STATE']) }),
];

// The same calls with the newer: each compiles.
export const escaped = [
  () => client.credentials.list({ state: newer, role: newer }),
  () =>
    client.credentials.negotiateOffer({
      ...params.negotiateOffer.minimal,
      protocolVersion: newer,
      autoAcceptCredential: newer,
    }),
  () => client.dids.write({ keyType: newer, method: newer, network: newer, role: newer }),
  () =>
    org.proofs.request(
      {
        ...params.proofRequest.minimal,
        protocolVersion: newer,
        autoAcceptProof: newer,
        proofFormats: { indy: { attributes: [{ ...attribute, condition: newer }] } },
      },
      { requestType: newer },
    ),
  () =>
    org.offers.create(
      {
        ...params.offerCreate.minimal,
        credentialType: newer,
        protocolVersion: newer,
        autoAcceptCredential: newer,
      },
      { credentialType: newer },
    ),
  () =>
    org.offers.sendByEmail(
      { ...params.offerEmail.minimal, credentialType: newer, protocolVersion: newer },
      { credentialType: newer },
    ),
  () => org.offers.sendByEmailBulk(rows, { ...bulkCommon, credentialType: newer, protocolVersion: newer }),
];

describe('request enums', () => {
  it('are the known values or an unknownValue, never any string', () => {
    expectTypeOf<RequestEnum<['a', 'b']>>().toEqualTypeOf<'a' | 'b' | UnknownValue>();
    expectTypeOf<string>().not.toExtend<RequestEnum<['a', 'b']>>();
    expectTypeOf(unknownValue).returns.toEqualTypeOf<UnknownValue>();
    // An UnknownValue cannot be forged from a plain object.
    expectTypeOf<{ value: string; toJSON(): string }>().not.toExtend<UnknownValue>();
  });

  it('leave response enums open: a state the SDK does not list reads as a string', () => {
    expectTypeOf<string>().toExtend<NonNullable<CredentialExchangeRecord['state']>>();
    expectTypeOf<string>().toExtend<NonNullable<CredentialExchangeRecord['role']>>();
  });
});
