/** Request parameters for every SDK method: only the required fields, and every field. */
import type {
  AcceptInvitationParams,
  DidWriteParams,
  NegotiateOfferParams,
  OfferCreateParams,
  OfferCredential,
  OfferEmailParams,
  ProofRequestParams,
  SchemaCreateParams,
  SignInParams,
} from '../../src/index.js';
import { CONNECTION_ID, CREDENTIAL_RECORD_ID, DID } from './records.js';

export const signIn = {
  minimal: { email: 'issuer@example.com', password: 'demo-password' },
  full: { email: 'issuer@example.com', password: 'demo-password', isPasskey: false },
} satisfies Record<string, SignInParams>;

export const acceptInvitation = {
  minimal: {},
  full: {
    autoAcceptConnection: true,
    reuseConnection: false,
    label: 'Alice',
    alias: 'alice-phone',
    imageUrl: 'https://example.com/alice.png',
    mediatorId: 'mediator-1',
  },
} satisfies Record<string, AcceptInvitationParams>;

const credential: OfferCredential = {
  '@context': ['https://www.w3.org/2018/credentials/v1'],
  type: ['VerifiableCredential', 'EmployeeCredential'],
  id: 'urn:uuid:0b8f0c5e-3f6a-4c2e-9d1b-7a6e5c4d3b2a',
  issuer: { id: DID },
  issuanceDate: '2024-05-01T00:00:00Z',
  expirationDate: '2025-05-01T00:00:00Z',
  credentialSubject: { id: 'did:example:holder', name: 'Alice' },
  options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
};

export const offerCreate = {
  minimal: {
    credentialDefinitionId: 'cred-def-1',
    credentialType: 'jsonld',
    attributes: [{ name: 'name', value: 'Alice' }],
    isShortenUrl: false,
    credential,
  },
  full: {
    credentialDefinitionId: 'cred-def-1',
    comment: 'Welcome',
    credentialType: 'jsonld',
    attributes: [{ name: 'name', value: 'Alice' }],
    isShortenUrl: true,
    credential: { ...credential, prettyVc: { certificate: 'cert', size: 'a4', orientation: 'landscape' } },
    protocolVersion: 'v2',
    goalCode: 'issue-vc',
    parentThreadId: 'parent-1',
    willConfirm: true,
    label: 'Issuer',
    imageUrl: 'https://example.com/logo.png',
    autoAcceptCredential: 'always',
    reuseConnection: true,
  },
} satisfies Record<string, OfferCreateParams>;

export const offerEmail = {
  minimal: {
    credentialOffer: [{ emailId: 'holder@example.com', attributes: [{ name: 'name', value: 'Alice' }] }],
    credentialDefinitionId: 'cred-def-1',
    protocolVersion: 'v1',
    credentialType: 'indy',
  },
  full: {
    credentialOffer: [
      {
        emailId: 'holder@example.com',
        credential: {
          '@context': credential['@context'],
          type: credential.type,
          issuer: credential.issuer,
          issuanceDate: credential.issuanceDate,
          credentialSubject: credential.credentialSubject,
        },
        options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
      },
      {
        // A jsonld offer needs each holder's credential and options (the platform refuses it otherwise).
        emailId: 'second@example.com',
        attributes: [{ name: 'name', value: 'Bob' }],
        credential: {
          '@context': credential['@context'],
          type: credential.type,
          issuer: credential.issuer,
          issuanceDate: credential.issuanceDate,
          credentialSubject: { id: 'did:example:bob', name: 'Bob' },
        },
        options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
      },
    ],
    credentialDefinitionId: 'cred-def-1',
    comment: 'Your credential',
    protocolVersion: 'v2',
    credentialType: 'jsonld',
    isReuseConnection: true,
  },
} satisfies Record<string, OfferEmailParams>;

export const negotiateOffer = {
  minimal: {
    protocolVersion: 'v1',
    credentialFormats: { jsonld: {} },
    credentialRecordId: CREDENTIAL_RECORD_ID,
    connectionId: CONNECTION_ID,
  },
  full: {
    protocolVersion: 'v2',
    credentialFormats: { indy: { attributes: [] }, jsonld: {}, anoncreds: { a: 1 } },
    credentialRecordId: CREDENTIAL_RECORD_ID,
    connectionId: CONNECTION_ID,
    autoAcceptCredential: 'contentApproved',
    comment: 'Yes please',
  },
} satisfies Record<string, NegotiateOfferParams>;

const presentationDefinition = {
  id: 'pd-1',
  input_descriptors: [
    {
      id: 'employee',
      name: 'Employee',
      purpose: 'Prove employment',
      schema: [{ uri: 'https://example.com/employee' }],
      constraints: { fields: [{ path: ['$.credentialSubject.name'] }] },
    },
  ],
};

export const proofRequest = {
  minimal: { connectionId: CONNECTION_ID, proofFormats: { presentationDefinition } },
  full: {
    connectionId: CONNECTION_ID,
    proofFormats: {
      indy: {
        attributes: [
          { attributeName: 'age', condition: '>=', value: '18', credDefId: 'cd-1', schemaId: 's-1' },
        ],
      },
      presentationDefinition,
    },
    goalCode: 'verify',
    parentThreadId: 'parent-1',
    willConfirm: true,
    protocolVersion: 'v2',
    comment: 'Please prove',
    autoAcceptProof: 'always',
  },
} satisfies Record<string, ProofRequestParams>;

export const didWrite = {
  minimal: { keyType: 'ed25519', method: 'key' },
  full: {
    keyType: 'ed25519',
    method: 'indy',
    seed: '000000000000000000000000Steward1',
    domain: 'example.com',
    network: 'bcovrin:testnet',
    did: 'did:indy:bcovrin:testnet:abc',
    role: 'endorser',
    endorserDid: 'did:indy:bcovrin:testnet:endorser',
    didDocument: { service: [] },
    privatekey: 'private-key-material-1234',
    endpoint: 'https://agent.example.com',
  },
} satisfies Record<string, DidWriteParams>;

export const schemaCreate = {
  minimal: { issuerId: DID, name: 'Employee', version: '1.0.0', attributes: ['name', 'role'] },
  full: {
    issuerId: DID,
    name: 'Employee',
    version: '1.0.0',
    attributes: ['name', 'role'],
    endorse: true,
    endorserDid: 'did:indy:bcovrin:testnet:endorser',
  },
} satisfies Record<string, SchemaCreateParams>;
