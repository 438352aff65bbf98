import { readFileSync } from 'node:fs';
import { DEMO_ORG_ID, type Sandbox } from '@credential-agent/sandbox';
import type { AgentClient, OfferCreateParams, SchemaCreateParams } from '@credential-agent/sdk';
import { CRED_DEF_ID, fixture } from '../../../packages/cli/test/support/fixtures.js';

/** The DID the schema is registered for (a `did:key`, so the sandbox accepts it). */
const ISSUER_DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';

/** The CLI's offer fixture, completed as the CLI completes it from its flags. */
const offer = {
  ...(JSON.parse(readFileSync(fixture('offer.json'), 'utf8')) as Omit<
    OfferCreateParams,
    'credentialType' | 'credentialDefinitionId'
  >),
  credentialType: 'jsonld',
  credentialDefinitionId: CRED_DEF_ID,
} satisfies OfferCreateParams;

const schema = {
  issuerId: ISSUER_DID,
  name: 'Employee',
  version: '1.0.0',
  attributes: ['name', 'role'],
} satisfies SchemaCreateParams;

/** One call under test, through the SDK and through the CLI. */
export interface Target {
  /** How the README names it. */
  name: string;
  method: 'GET' | 'POST';
  /** The path the fault applies to and the requests are counted under. */
  path: string;
  /** The call as error messages name it: `GET /credentials`. */
  call: string;
  /** The status of its successful answer. */
  okStatus: 200 | 201;
  /** What its successful answer is (after the envelope is unwrapped). */
  shape: 'array' | 'object';
  sdk(client: AgentClient): Promise<unknown>;
  /** `agent-cli` arguments doing the same call. */
  cli: readonly string[];
  /** How many records the call leaves in the sandbox when the service handled it. */
  records(sandbox: Sandbox): number;
}

/** The representative GET. */
export const LIST: Target = {
  name: 'credentials.list',
  method: 'GET',
  path: '/credentials',
  call: 'GET /credentials',
  okStatus: 200,
  shape: 'array',
  sdk: (client) => client.credentials.list(),
  cli: ['credentials', 'list', '--json'],
  records: (sandbox) => sandbox.state.credentials.size,
};

/** The two POSTs: a shareable offer (may not be repeated) and a ledger schema. */
export const POSTS: readonly Target[] = [
  {
    name: 'offers.create',
    method: 'POST',
    path: '/orgs',
    call: `POST /orgs/${DEMO_ORG_ID}/credentials/oob/offer`,
    okStatus: 201,
    shape: 'object',
    sdk: (client) => client.org(DEMO_ORG_ID).offers.create(offer),
    cli: ['offers', 'create', '--file', fixture('offer.json')].concat([
      '--credential-type',
      offer.credentialType,
      '--cred-def-id',
      CRED_DEF_ID,
      '--json',
    ]),
    records: (sandbox) => sandbox.state.outOfBand.size,
  },
  {
    name: 'schemas.create',
    method: 'POST',
    path: '/schemas',
    call: 'POST /schemas',
    okStatus: 200,
    shape: 'object',
    sdk: (client) => client.schemas.create(schema),
    cli: ['schemas', 'create', '--issuer-id', schema.issuerId, '--name', schema.name].concat([
      '--version',
      schema.version,
      '--attr',
      'name',
      '--attr',
      'role',
      '--json',
    ]),
    records: (sandbox) => sandbox.state.schemas.size,
  },
];
