import type {
  OfferCreateParams,
  OfferEmailParams,
  ProofRequestParams,
  SchemaCreateParams,
} from '@credential-agent/sdk';

/** A valid shareable JSON-LD offer. */
export function offerParams(overrides: Partial<OfferCreateParams> = {}): OfferCreateParams {
  return {
    credentialDefinitionId: 'cred-def-1',
    comment: 'Welcome aboard',
    credentialType: 'jsonld',
    attributes: [{ name: 'name', value: 'Alice' }],
    isShortenUrl: false,
    credential: {
      '@context': ['https://www.w3.org/2018/credentials/v1'],
      type: ['VerifiableCredential', 'EmployeeCard'],
      id: 'urn:uuid:4a1c1e52-0000-4000-8000-000000000001',
      issuer: { id: 'did:key:z6MkIssuer' },
      issuanceDate: '2026-01-01T00:00:00Z',
      expirationDate: '2027-01-01T00:00:00Z',
      credentialSubject: { id: 'did:key:z6MkHolder', name: 'Alice' },
      options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
    },
    protocolVersion: 'v2',
    ...overrides,
  };
}

/** A valid e-mail offer to the given holders. */
export function emailParams(emails: string[]): OfferEmailParams {
  return {
    credentialOffer: emails.map((emailId) => ({
      emailId,
      credential: {
        '@context': ['https://www.w3.org/2018/credentials/v1'],
        type: ['VerifiableCredential'],
        issuer: { id: 'did:key:z6MkIssuer' },
        issuanceDate: '2026-01-01T00:00:00Z',
        credentialSubject: { id: 'did:key:z6MkHolder', email: emailId },
      },
      options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
    })),
    credentialDefinitionId: 'cred-def-1',
    comment: 'Your credential',
    protocolVersion: 'v2',
    credentialType: 'jsonld',
  };
}

/** A valid presentation-exchange proof request to a connection. */
export function proofParams(connectionId: string): ProofRequestParams {
  return {
    connectionId,
    comment: 'Show your employee card',
    proofFormats: {
      presentationDefinition: {
        id: 'employee',
        input_descriptors: [
          {
            id: 'card',
            name: 'Employee card',
            purpose: 'Prove employment',
            schema: [{ uri: 'https://example.com/EmployeeCard' }],
            constraints: { fields: [{ path: ['$.credentialSubject.name'] }] },
          },
        ],
      },
    },
  };
}

/** A valid schema for an issuer. */
export function schemaParams(
  issuerId: string,
  overrides: Partial<SchemaCreateParams> = {},
): SchemaCreateParams {
  return { issuerId, name: 'Employee', version: '1.0.0', attributes: ['name', 'role'], ...overrides };
}
