/**
 * Issue 9, item 4: statuses no finished HTTP request has (1xx, 6xx, 999) are a typed
 * `UnexpectedStatusError` (Node's fetch itself fails a 101 as a `ConnectionError`), never an uncaught exception, never retried; the CLI prints one line and exits 1.
 */
import { AgentClient, type AgentError, ConnectionError, UnexpectedStatusError } from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { rawServer } from './support/hostile-server.js';
import { FETCHES, withFetch } from './support/sdk-client.js';

const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
beforeAll(() => {
  process.on('uncaughtException', onUncaught);
});
afterAll(() => {
  process.off('uncaughtException', onUncaught);
  expect(uncaught).toEqual([]);
});

const ODD = [
  { status: 999, raw: 'HTTP/1.1 999 Odd\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]' },
  { status: 600, raw: 'HTTP/1.1 600 Odd\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]' },
  { status: 101, raw: 'HTTP/1.1 101 Switching Protocols\r\nconnection: upgrade\r\nupgrade: nothing\r\n\r\n' },
];

describe.each(FETCHES)('with the $name', (f) => {
  it.each(ODD)('HTTP $status: a typed error after one request, nothing uncaught', async ({ status, raw }) => {
    const server = await rawServer(raw);
    try {
      const client = new AgentClient({
        baseUrl: server.url,
        accessToken: 't0ken-value',
        timeout: 2000,
        ...withFetch(f),
      });
      const error: AgentError = await client.credentials.list().catch((e) => e);
      if (status === 101 && !f.fetch) {
        // Node's fetch fails a 101 it did not ask for as a broken socket ("bad upgrade").
        expect(error).toBeInstanceOf(ConnectionError);
        return;
      }
      expect(error).toBeInstanceOf(UnexpectedStatusError);
      expect(error).toMatchObject({ status });
      expect(error.message).toBe(
        `GET /credentials got HTTP ${status}, which is not a status a finished request can have (200–599)`,
      );
      expect(server.received).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('agent-cli', () => {
  const e2e = useE2E();
  it.each(ODD)('credentials list against HTTP $status exits 1 with one error line', async ({ raw }) => {
    const server = await rawServer(raw);
    try {
      const result = await e2e.run(['credentials', 'list', '--json'], {
        env: { AGENT_CLI_BASE_URL: server.url, AGENT_CLI_TOKEN: 't0ken-value', AGENT_CLI_TIMEOUT: '2000' },
      });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n').filter(Boolean)).toEqual([
        expect.stringMatching(/^error: GET \/credentials /),
      ]);
    } finally {
      await server.close();
    }
  });
});
