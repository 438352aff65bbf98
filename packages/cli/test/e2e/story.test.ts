import { DEMO_ORG_ID, DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { fixture, WRITE_DID_KEY } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';
import { storySteps } from './support/story.js';

const e2e = useE2E();

const step = storySteps(e2e, () => ({ AGENT_CLI_ORG: DEMO_ORG_ID }));

describe('the whole story with the built binary', { timeout: 30_000 }, () => {
  it('logs in, registers a DID, creates a schema and offers, connects, negotiates and asks for proof', async () => {
    await step(['login', '--email', DEMO_USER.email, '--password-stdin', '--verbose'], DEMO_USER.password);
    const { did } = await step<{ did: string }>([...WRITE_DID_KEY, '--json']);
    expect(did).toMatch(/^did:key:/);
    const schema = await step<{ schemaId: string }>([
      ...['schemas', 'create', '--issuer-id', did, '--name', 'Employee', '--version', '1.0.0'],
      ...['--attr', 'name', '--attr', 'role', '--json', '--verbose'],
    ]);
    const offer = await step<{ data: { outOfBandRecordId: string } }>([
      ...['offers', 'create', '--file', fixture('offer.json'), '--credential-type', 'jsonld'],
      ...['--cred-def-id', `${schema.schemaId}/default`, '--attr', 'name=Alice', '--json'],
    ]);
    await step([
      ...['offers', 'email', '--file', fixture('email-offer.json')],
      ...['--email', 'alice@example.com', '--email', 'bob@example.com', '--json'],
    ]);
    expect(e2e.sandbox().sandbox.deliveries('alice@example.com')).toBe(1);
    expect(e2e.sandbox().sandbox.deliveries('bob@example.com')).toBe(1);
    const accepted = await step<{ connectionRecord: { id: string } }>([
      ...['oob', 'accept', offer.data.outOfBandRecordId, '--json', '--verbose'],
    ]);
    const [holder] = await step<{ id: string; connectionId: string; state: string }[]>([
      ...['credentials', 'list', '--role', 'holder', '--json'],
    ]);
    expect(holder?.state).toBe('offer-received');
    const negotiated = await step<{ state: string }>([
      ...['credentials', 'negotiate', holder?.id ?? '', '--connection-id', holder?.connectionId ?? ''],
      ...['--format', 'jsonld', '--json'],
    ]);
    expect(negotiated.state).toBe('request-sent');
    const done = await step<{ id: string }[]>(['credentials', 'list', '--state', 'done', '--json']);
    expect(done.map((r) => r.id)).toContain(holder?.id);
    const proof = await step<{ data: { state: string } }>([
      ...['proofs', 'request', '--file', fixture('proof.json'), '--request-type', 'presentationExchange'],
      ...['--connection-id', accepted.connectionRecord.id, '--json', '--verbose'],
    ]);
    expect(proof.data.state).toBe('request-sent');
  });

  it('leaks no token and no password in any output, --verbose included', () => {
    e2e.expectNoSecretsInOutput();
  });
});
