/** Builders of the records the service answers with, as the spec and real deployments show them. */

export const ORG_ID = '0f6f3c1e-2b8a-4a57-9d1e-8c4b2a7f9e10';
export const OOB_ID = 'c7a1b0d2-5e3f-4c6a-8b9d-1e2f3a4b5c6d';
export const CONNECTION_ID = '9b2d7c4e-1a3f-4e5b-8c6d-7f8a9b0c1d2e';
export const CREDENTIAL_RECORD_ID = '4e8f2a1b-6c3d-4b7e-9a0f-2d5c8e1b3a6f';
export const DID = 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH';
export const SCHEMA_ID = 'did:indy:bcovrin:testnet:7Tqg6BwSSWapxgUDm9KKgg/anoncreds/v0/SCHEMA/Employee/1.0.0';

type Fields = Record<string, unknown>;

/** An out-of-band record with every field the spec lists. */
export function outOfBandRecord(overrides: Fields = {}): Fields {
  return {
    id: OOB_ID,
    createdAt: '2024-05-01T10:00:00.000Z',
    reusable: false,
    metadata: {},
    _tags: {
      invitationId: 'f2c1a9e8-0000-4000-8000-000000000001',
      state: 'await-response',
      role: 'sender',
      recipientKeyFingerprints: ['z6MkrecipientKey'],
    },
    outOfBandInvitation: {
      '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
      '@id': 'f2c1a9e8-0000-4000-8000-000000000001',
      label: 'Issuer',
      accept: ['didcomm/aip1', 'didcomm/aip2;env=rfc19'],
      handshake_protocols: ['https://didcomm.org/didexchange/1.0'],
      services: [
        {
          id: '#inline-0',
          serviceEndpoint: 'https://agent.example.com',
          type: 'did-communication',
          recipientKeys: ['did:key:z6MkrecipientKey'],
          routingKeys: [],
        },
      ],
    },
    ...overrides,
  };
}

/** A connection record with every field the spec lists. */
export function connectionRecord(overrides: Fields = {}): Fields {
  return {
    id: CONNECTION_ID,
    createdAt: '2024-05-01T10:01:00.000Z',
    did: 'did:peer:1zQmInvitee',
    invitationDid: 'did:peer:2.Ez6Inviter',
    outOfBandId: OOB_ID,
    metadata: {},
    _tags: {
      invitationDid: 'did:peer:2.Ez6Inviter',
      did: 'did:peer:1zQmInvitee',
      invitationKey: 'z6MkinvitationKey',
      outOfBandId: OOB_ID,
      verkey: 'Ve5kQ9u1V2J8verkey',
    },
    ...overrides,
  };
}

/** A credential exchange record with every field the spec lists. */
export function credentialRecord(overrides: Fields = {}): Fields {
  return {
    id: CREDENTIAL_RECORD_ID,
    createdAt: '2024-05-01T10:02:00.000Z',
    connectionId: CONNECTION_ID,
    threadId: 'thread-1',
    protocolVersion: 'v1',
    state: 'offer-sent',
    credentials: [],
    credentialAttributes: [],
    metadata: {},
    _tags: { state: 'offer-sent', threadId: 'thread-1', connectionId: CONNECTION_ID },
    ...overrides,
  };
}

/** The fields real agents add to records beyond the spec. */
export const REAL_RECORD_EXTRAS = {
  updatedAt: '2024-05-01T10:03:00.000Z',
  role: 'issuer',
  autoAcceptConnection: true,
  errorMessage: 'previous attempt failed',
  parentThreadId: 'parent-thread-1',
  autoAcceptCredential: 'always',
} as const;

/** A DID document as the spec describes it. */
export function didDocument(did: string = DID): Fields {
  return {
    '@context': ['https://w3id.org/did/v1'],
    id: did,
    verificationMethod: [
      {
        id: `${did}#key-1`,
        type: 'Ed25519VerificationKey2018',
        controller: did,
        publicKeyBase58: 'H3C2AVvL',
      },
    ],
    authentication: [`${did}#key-1`],
  };
}

/** The spec's sign-in result. */
export function signInResult(overrides: Fields = {}): Fields {
  return {
    access_token: 'tok-issued-by-signin-7f3a',
    scope: 'email profile',
    expires_in: 86400,
    token_type: 'Bearer',
    ...overrides,
  };
}

/** The `{ statusCode, message, success, data }` envelope of the `/orgs` endpoints. */
export function orgEnvelope(data: unknown, overrides: Fields = {}): Fields {
  return { statusCode: 200, message: 'Done', success: true, data, ...overrides };
}

/** A registered schema as the ledger reports it. */
export function ledgerSchema(overrides: Fields = {}): Fields {
  return {
    issuerId: 'did:indy:bcovrin:testnet:7Tqg6BwSSWapxgUDm9KKgg',
    name: 'Employee',
    version: '1.0.0',
    attrNames: ['name', 'role'],
    ...overrides,
  };
}

/** Response shape 1 of `POST /schemas`, with the given `schemaState`. */
export function schemaRegistration(schemaState: Fields, overrides: Fields = {}): Fields {
  return { jobId: 'job-1', schemaState, schemaMetadata: {}, registrationMetadata: {}, ...overrides };
}

/** Response shape 2 of `POST /schemas`: `{ state, schema, schemaId }`. */
export function schemaFlat(overrides: Fields = {}): Fields {
  return {
    state: 'finished',
    schema: ledgerSchema({ schemaId: SCHEMA_ID }),
    schemaId: SCHEMA_ID,
    ...overrides,
  };
}
