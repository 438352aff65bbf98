import type { AgentClient, OfferCreateParams } from '@credential-agent/sdk';

/** A shareable JSON-LD offer; each one leaves a credential exchange record in the sandbox. */
function employeeBadge(issuerDid: string, holder: string): OfferCreateParams {
  return {
    credentialType: 'jsonld',
    credentialDefinitionId: 'jsonld-employee-badge',
    comment: `Employee badge for ${holder}`,
    attributes: [],
    isShortenUrl: false,
    protocolVersion: 'v2',
    credential: {
      '@context': ['https://www.w3.org/2018/credentials/v1'],
      type: ['VerifiableCredential', 'EmployeeBadge'],
      issuer: { id: issuerDid },
      id: `urn:uuid:${crypto.randomUUID()}`,
      issuanceDate: '2026-01-01T00:00:00Z',
      expirationDate: '2027-01-01T00:00:00Z',
      credentialSubject: { name: holder },
      options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
    },
  };
}

/** Creates `count` offers in the organisation as the signed-in user. */
export async function createOffers(agent: AgentClient, orgId: string, count: number): Promise<void> {
  const { did } = await agent.dids.write({ method: 'key', keyType: 'ed25519' });
  for (let n = 1; n <= count; n++) await agent.org(orgId).offers.create(employeeBadge(did, `Holder ${n}`));
}
