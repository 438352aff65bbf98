import {
  type AgentClient,
  ConnectionRecord,
  CREDENTIAL_STATES,
  CredentialExchangeRecord,
  DidDocument,
  OutOfBandRecord,
  PROOF_STATES,
  SignInResult,
} from '../../src/index.js';
import * as params from './params.js';
import {
  CONNECTION_ID,
  connectionRecord,
  credentialRecord,
  DID,
  didDocument,
  OOB_ID,
  ORG_ID,
  outOfBandRecord,
  schemaFlat,
  signInResult,
} from './records.js';

type Params = Record<string, unknown>;

/** An answer built from generated extra fields and an unknown enum value, and what the SDK must return. */
export interface ResponseSpec {
  name: string;
  /** Field names the SDK types (generated extras avoid them). */
  known: readonly string[];
  /** Known enum values (the generated value is none of them). */
  enums: readonly string[];
  answer: (extra: Params, value: string) => { body: unknown; returns: unknown };
  call: (client: AgentClient) => Promise<unknown>;
  /** What of the result to compare with `returns`; the whole result by default. */
  view?: (result: unknown) => unknown;
}

const keysOf = (...schemas: Array<{ shape: object }>) => schemas.flatMap((s) => Object.keys(s.shape));
const same = (body: unknown) => ({ body, returns: body });
/** Every SDK method whose answer carries records or envelopes. */
export const responses: ResponseSpec[] = [
  {
    name: 'credentials.list',
    known: keysOf(CredentialExchangeRecord),
    enums: CREDENTIAL_STATES,
    answer: (extra, state) => same([credentialRecord({ ...extra, state, role: state })]),
    call: (c) => c.credentials.list(),
  },
  {
    name: 'credentials.negotiateOffer',
    known: keysOf(CredentialExchangeRecord),
    enums: CREDENTIAL_STATES,
    answer: (extra, state) => same(credentialRecord({ ...extra, state })),
    call: (c) => c.credentials.negotiateOffer(params.negotiateOffer.minimal),
  },
  {
    name: 'oob.get',
    known: [...keysOf(OutOfBandRecord), 'invitationId', 'recipientKeyFingerprints'],
    enums: ['initial', 'await-response', 'prepare-response', 'done'],
    answer: (extra, state) =>
      same(outOfBandRecord({ ...extra, state, _tags: { state, role: state, ...extra } })),
    call: (c) => c.oob.get(OOB_ID),
  },
  {
    name: 'oob.acceptInvitation',
    known: [...keysOf(ConnectionRecord), 'connectionRecord', 'outOfBandRecord'],
    enums: ['completed', 'request-sent'],
    answer: (extra, state) =>
      same({
        connectionRecord: connectionRecord({ ...extra, state }),
        outOfBandRecord: outOfBandRecord(),
        ...extra,
      }),
    call: (c) => c.oob.acceptInvitation(OOB_ID),
  },
  {
    name: 'dids.write',
    known: [...keysOf(DidDocument), 'did', 'didDocument', 'didState'],
    enums: [],
    answer: (extra) => same({ did: DID, didDocument: { ...didDocument(), ...extra }, ...extra }),
    call: (c) => c.dids.write(params.didWrite.minimal),
  },
  {
    name: 'auth.signIn',
    known: keysOf(SignInResult),
    enums: ['Bearer'],
    answer: (extra, tokenType) => {
      const data = signInResult({ ...extra, token_type: tokenType });
      return { body: { statusCode: 200, message: 'ok', data }, returns: data };
    },
    call: (c) => c.auth.signIn(params.signIn.minimal),
  },
  {
    name: 'org(id).offers.create',
    known: ['statusCode', 'message', 'success', 'data'],
    enums: [],
    answer: (extra) =>
      same({ statusCode: 201, message: 'created', data: { invitationUrl: 'u', ...extra }, ...extra }),
    call: (c) => c.org(ORG_ID).offers.create(params.offerCreate.minimal),
  },
  {
    name: 'org(id).proofs.request',
    known: ['statusCode', 'message', 'success', 'data', 'id', 'state'],
    enums: PROOF_STATES,
    answer: (extra, state) =>
      same({
        statusCode: 201,
        message: 'sent',
        data: { id: 'p-1', state, connectionId: CONNECTION_ID, ...extra },
      }),
    call: (c) => c.org(ORG_ID).proofs.request(params.proofRequest.minimal, { requestType: 'indy' }),
  },
  {
    name: 'schemas.create',
    known: ['state', 'schema', 'schemaId', 'schemaState', 'jobId', 'schemaMetadata', 'registrationMetadata'],
    enums: [],
    answer: (extra) => same(schemaFlat(extra)),
    call: (c) => c.schemas.create(params.schemaCreate.minimal),
    view: (result) => (result as { raw: unknown }).raw,
  },
];
