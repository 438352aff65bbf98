/**
 * The story's credential and proof request. Only the JSON-LD contexts Credo bundles resolve
 * offline, so the credential's own terms come from an inline `@vocab`; a presentation definition's
 * `schema.uri` is the credentials v1 context, and the subject is a DID the holder controls.
 */
export function employeeCredential(issuerDid: string, holderDid: string) {
  return {
    credential: {
      '@context': ['https://www.w3.org/2018/credentials/v1', { '@vocab': 'https://example.org/employee#' }],
      type: ['VerifiableCredential', 'EmployeeCredential'],
      issuer: issuerDid,
      issuanceDate: '2026-01-01T00:00:00Z',
      credentialSubject: { id: holderDid, name: 'Alice', department: 'Research' },
    },
    options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
  };
}

/** A presentation-exchange request for the employee credential's `name`. */
export const employeeDefinition = {
  id: 'employee-check',
  format: {
    ldp_vc: { proof_type: ['Ed25519Signature2018'] },
    ldp_vp: { proof_type: ['Ed25519Signature2018'] },
  },
  input_descriptors: [
    {
      id: 'employee',
      schema: [{ uri: 'https://www.w3.org/2018/credentials/v1' }],
      constraints: { fields: [{ path: ['$.credentialSubject.name'] }] },
    },
  ],
};
