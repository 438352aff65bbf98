/**
 * Signs in and issues a shareable JSON-LD credential offer.
 *
 *   AGENT_BASE_URL=… AGENT_ORG=… AGENT_EMAIL=… AGENT_PASSWORD=… pnpm example examples/quickstart.ts
 *
 * Against the sandbox: `agent-sandbox --port 0 --url-file sandbox.json &`, then
 * AGENT_BASE_URL=$(jq -r .baseUrl sandbox.json), AGENT_ORG=$(jq -r .orgId sandbox.json) and the
 * demo user's `email` and `password` from the same file.
 */
import { pathToFileURL } from 'node:url';
import { AgentClient, isAgentError, type OfferCreateParams } from '@credential-agent/sdk';
import { signInFromEnv } from './env.js';

export interface QuickstartConfig {
  baseUrl: string;
  orgId: string;
  email: string;
  password: string;
}

/** Signs in, registers an issuer DID and offers a credential; returns the invitation URL. */
export async function issueOffer(config: QuickstartConfig): Promise<{ did: string; invitationUrl: string }> {
  const agent = new AgentClient({ baseUrl: config.baseUrl, orgId: config.orgId });
  await agent.auth.signIn({ email: config.email, password: config.password });

  const { did } = await agent.dids.write({ method: 'key', keyType: 'ed25519' });

  const offer: OfferCreateParams = {
    credentialType: 'jsonld',
    credentialDefinitionId: 'jsonld-employee-badge',
    comment: 'Your employee badge',
    attributes: [],
    isShortenUrl: false,
    protocolVersion: 'v2',
    credential: {
      '@context': [
        'https://www.w3.org/2018/credentials/v1',
        'https://www.w3.org/2018/credentials/examples/v1',
      ],
      type: ['VerifiableCredential', 'EmployeeBadge'],
      id: `urn:uuid:${crypto.randomUUID()}`,
      issuer: { id: did },
      issuanceDate: new Date().toISOString(),
      expirationDate: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      credentialSubject: { name: 'Ada Lovelace', role: 'Engineer' },
      options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
    },
  };
  const { data } = await agent.org().offers.create(offer);
  if (!data.invitationUrl) throw new Error('the service returned no invitation URL');
  return { did, invitationUrl: data.invitationUrl };
}

const signIn =
  import.meta.url === pathToFileURL(process.argv[1] ?? '').href ? signInFromEnv('quickstart') : undefined;
if (signIn) {
  issueOffer(signIn).then(
    ({ did, invitationUrl }) => console.log(`Issuer ${did}\nShare this offer: ${invitationUrl}`),
    (error: unknown) => {
      console.error(isAgentError(error) ? `${error.name}: ${error.message}` : String(error));
      process.exitCode = 1;
    },
  );
}
