import { DEMO_ORG_ID, DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { fixture, WRITE_DID_KEY } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';
import { storySteps } from './support/story.js';

// The story against the platform flavour: encrypted sign-in, and a split agent of line 2.1 (the
// default: its key exchanged at POST /agent/token, `agent-cli api` paths literal under /didcomm).
const e2e = useE2E({ flavor: 'platform', agentKey: true });

function env(): Record<string, string | undefined> {
  const { url, sandbox } = e2e.sandbox();
  return {
    AGENT_CLI_ORG: DEMO_ORG_ID,
    AGENT_CLI_PASSWORD_KEY: sandbox.passwordKey,
    AGENT_CLI_AGENT_URL: url,
    AGENT_CLI_AGENT_KEY: sandbox.agentKey,
  };
}

const step = storySteps(e2e, env);

describe('the story against a real-like deployment with the built binary', { timeout: 30_000 }, () => {
  it('signs in encrypted, offers, connects on the agent with its key, negotiates and asks for proof', async () => {
    await step(['login', '--email', DEMO_USER.email, '--password-stdin', '--verbose'], DEMO_USER.password);
    const { did } = await step<{ did: string }>([...WRITE_DID_KEY, '--json']);
    const offer = await step<{ data: { outOfBandRecordId: string } }>([
      ...['offers', 'create', '--file', fixture('offer.json'), '--credential-type', 'jsonld'],
      ...['--cred-def-id', `${did}/employee`, '--attr', 'name=Alice', '--json', '--verbose'],
    ]);
    const accepted = await step<{ connectionRecord: { id: string } }>([
      ...[
        'api',
        'POST',
        `/didcomm/oob/${offer.data.outOfBandRecordId}/accept-invitation`,
        '-F',
        'autoAcceptConnection=true',
      ],
      '--verbose',
    ]);
    const [holder] = await step<{ id: string; connectionId: string }[]>([
      ...['credentials', 'list', '--role', 'holder', '--json'],
    ]);
    const negotiated = await step<{ state: string }>([
      ...['credentials', 'negotiate', holder?.id ?? '', '--connection-id', holder?.connectionId ?? ''],
      ...['--format', 'jsonld', '--json'],
    ]);
    expect(negotiated.state).toBe('request-sent');
    const proof = await step<{ data: { state: string } }>([
      ...[
        'proofs',
        'request',
        '--file',
        fixture('proof-platform.json'),
        '--request-type',
        'presentationExchange',
      ],
      ...['--connection-id', accepted.connectionRecord.id, '--json'],
    ]);
    expect(proof.data.state).toBe('request-sent');
  });

  it("shows the agent's reason for a failure the platform relays", async () => {
    const missing = '5e4a3c2b-1d0f-4e9a-8b7c-6d5e4f3a2b1c';
    const result = await e2e.run(
      [
        ...[
          'proofs',
          'request',
          '--file',
          fixture('proof-platform.json'),
          '--request-type',
          'presentationExchange',
        ],
        ...['--connection-id', missing],
      ],
      { env: env() },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: ConnectionRecord: record with id ${missing} not found. (Something went wrong!) (HTTP 404)\n`,
    );
  });

  it('leaks no token, password or key in any output, --verbose included', () => {
    e2e.expectNoSecretsInOutput();
  });
});
