/**
 * Attack L2 over a real socket: a registrar answering `/dids/write` with `didState.state: failed`
 * and a reason. The SDK throws a `DidRegistrationError` with the reason; the shipped CLI prints it
 * on one line and exits 1.
 */
import { AgentClient, DidRegistrationError } from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { type HostileServer, hostileServer, json } from './support/hostile-server.js';

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer((_req, res) =>
    json(res, 200, { didState: { state: 'failed', reason: 'ledger down' } }),
  );
});
afterAll(() => server.close());

describe('a registrar that failed', () => {
  it('dids.write throws DidRegistrationError with the reason', async () => {
    const client = new AgentClient({ baseUrl: server.url, accessToken: 'token-value', retry: false });
    const error = await client.dids.write({ method: 'key', keyType: 'ed25519' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DidRegistrationError);
    expect(error).toMatchObject({ state: 'failed', reason: 'ledger down' });
  });

  describe('agent-cli', () => {
    const e2e = useE2E();
    it('dids write prints the reason on one line and exits 1', async () => {
      const result = await e2e.run(['dids', 'write', '--method', 'key', '--key-type', 'ed25519'], {
        env: { AGENT_CLI_BASE_URL: server.url, AGENT_CLI_TOKEN: 'token-value' },
      });
      expect(result.stderr).toBe('error: DID registration failed: ledger down\n');
      expect(result.code).toBe(1);
    });
  });
});
