import { describe, expectTypeOf, it } from 'vitest';
import {
  type AcceptInvitationResult,
  AgentClient,
  type AgentError,
  type AuthenticationError,
  type BulkResult,
  type CredentialExchangeRecord,
  type DidResolutionResult,
  type OfferCreated,
  type OrgResponse,
  type OutOfBandRecord,
  type ProofExchangeRecord,
  type SchemaCreated,
  type SignInResult,
} from '../../src/index.js';
import * as params from '../support/params.js';

const client = new AgentClient({ baseUrl: 'http://agent.test' });
const org = client.org('0f6f3c1e-2b8a-4a57-9d1e-8c4b2a7f9e10');

describe('SDK method signatures', () => {
  it('resolve to the typed records of each endpoint', () => {
    expectTypeOf(client.auth.signIn(params.signIn.minimal)).resolves.toEqualTypeOf<SignInResult>();
    expectTypeOf(client.oob.get('id')).resolves.toEqualTypeOf<OutOfBandRecord>();
    expectTypeOf(client.oob.acceptInvitation('id')).resolves.toEqualTypeOf<AcceptInvitationResult>();
    expectTypeOf(client.credentials.list()).resolves.toEqualTypeOf<CredentialExchangeRecord[]>();
    expectTypeOf(
      client.credentials.negotiateOffer(params.negotiateOffer.minimal),
    ).resolves.toEqualTypeOf<CredentialExchangeRecord>();
    expectTypeOf(client.dids.write(params.didWrite.minimal)).resolves.toEqualTypeOf<DidResolutionResult>();
    expectTypeOf(client.schemas.create(params.schemaCreate.minimal)).resolves.toEqualTypeOf<SchemaCreated>();
    expectTypeOf(org.offers.create(params.offerCreate.minimal)).resolves.toEqualTypeOf<
      OrgResponse<OfferCreated>
    >();
    // The spec's answer is the proof exchange record: its id needs no narrowing (issue 18, item 4).
    expectTypeOf(
      org.proofs.request(params.proofRequest.minimal, { requestType: 'indy' }),
    ).resolves.toEqualTypeOf<OrgResponse<ProofExchangeRecord>>();
    expectTypeOf<ProofExchangeRecord['id']>().toEqualTypeOf<string>();
    // An answer saying the e-mails were not sent (`data: false`) throws: what resolves is `true`
    // (real gateways) or the spec's object.
    expectTypeOf(org.offers.sendByEmail(params.offerEmail.minimal)).resolves.toEqualTypeOf<
      OrgResponse<true | Record<string, unknown>>
    >();
  });

  it('type the fields of the answers, optional where the spec does not promise them', () => {
    expectTypeOf<SignInResult['access_token']>().toEqualTypeOf<string>();
    // `null` or absent: no expiry known.
    expectTypeOf<SignInResult['expires_in']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<AcceptInvitationResult['connectionRecord']>().toExtend<object | undefined>();
    expectTypeOf<undefined>().toExtend<AcceptInvitationResult['connectionRecord']>();
    expectTypeOf<OfferCreated['deepLinkURL']>().toEqualTypeOf<string | undefined>();
  });

  it('do not make optional what the SDK has checked', () => {
    // schemas.create throws unless registration finished with an id.
    expectTypeOf<SchemaCreated['schemaId']>().toEqualTypeOf<string>();
    expectTypeOf<SchemaCreated['state']>().toEqualTypeOf<'finished'>();
    // offers.create refuses an answer without the link to share.
    expectTypeOf<OfferCreated['invitationUrl']>().toEqualTypeOf<string>();
    // A failed bulk row always says why and whether it may have been sent; a sent one its request.
    const result = {} as BulkResult;
    if (result.status === 'failed') {
      expectTypeOf(result.error).toEqualTypeOf<AgentError>();
      expectTypeOf(result.inDoubt).toEqualTypeOf<boolean>();
    }
    if (result.status === 'sent') {
      expectTypeOf(result.batch).toEqualTypeOf<number>();
      expectTypeOf(result.error).toEqualTypeOf<undefined>();
    }
    if (result.status === 'skipped') expectTypeOf(result.error).toEqualTypeOf<AgentError | undefined>();
  });

  it('offer the known enum values while accepting unknown ones', () => {
    type State = NonNullable<CredentialExchangeRecord['state']>;
    expectTypeOf<'offer-sent'>().toExtend<State>();
    expectTypeOf<'archived'>().toExtend<State>();
    expectTypeOf<number>().not.toExtend<State>();
    expectTypeOf<AuthenticationError['reason']>().toEqualTypeOf<
      'missing-token' | 'expired-token' | 'rejected'
    >();
  });

  it('accept per-call options', () => {
    expectTypeOf(client.credentials.list).parameter(1).toEqualTypeOf<
      | {
          signal?: AbortSignal | undefined;
          timeout?: number | false | undefined;
          retry?:
            | { limit?: number; baseDelay?: number; maxDelay?: number; maxRetryAfter?: number }
            | number
            | false
            | undefined;
          headers?: Record<string, string> | undefined;
          extraBody?: Readonly<Record<string, unknown>> | undefined;
        }
      | undefined
    >();
  });
});

describe('SDK misuse does not compile', () => {
  it('a missing required param', () => {
    // @ts-expect-error password is required
    void client.auth.signIn({ email: 'a@b.co' });
    // @ts-expect-error attributes is required
    void client.schemas.create({ issuerId: 'did:x', name: 'n', version: '1.0.0' });
    // @ts-expect-error credentialFormats is required
    void client.credentials.negotiateOffer({
      protocolVersion: 'v1',
      credentialRecordId: 'a',
      connectionId: 'b',
    });
    // @ts-expect-error the out-of-band id is required
    void client.oob.get();
    // @ts-expect-error baseUrl is required
    void new AgentClient({});
  });

  it('a value of the wrong type for an enum or field', () => {
    // @ts-expect-error state is a string
    void client.credentials.list({ state: 42 });
    // @ts-expect-error keyType is a string
    void client.dids.write({ method: 'key', keyType: 1 });
    // @ts-expect-error isPasskey is a boolean
    void client.auth.signIn({ email: 'a@b.co', password: 'pw', isPasskey: 'no' });
    // @ts-expect-error credentialType is a string
    void org.offers.create(params.offerCreate.minimal, { credentialType: 7 });
    // @ts-expect-error requestType is a string
    void org.proofs.request(params.proofRequest.minimal, { requestType: true });
  });

  it('an org-scoped call without its required query', () => {
    // @ts-expect-error requestType is required
    void org.proofs.request(params.proofRequest.minimal);
    // @ts-expect-error requestType is required
    void org.proofs.request(params.proofRequest.minimal, {});
  });

  it('an unknown field in a params object literal', () => {
    // @ts-expect-error lable is not a field
    void client.oob.acceptInvitation('id', { lable: 'typo' });
    // @ts-expect-error status is not a filter
    void client.credentials.list({ status: 'done' });
  });
});

describe('options under exactOptionalPropertyTypes', () => {
  it('accept values that may be undefined, as environment variables are', () => {
    const env: Record<string, string | undefined> = {};
    new AgentClient({
      baseUrl: 'http://agent.test',
      orgId: env['AGENT_ORG'],
      accessToken: env['AGENT_TOKEN'],
      timeout: undefined,
      retry: undefined,
      fetch: undefined,
      hooks: undefined,
      maxResponseBytes: undefined,
    });
  });
});
