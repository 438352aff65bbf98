/**
 * Issue 9, item 4: statuses no finished HTTP request has (1xx, 6xx, 999) are a typed
 * `UnexpectedStatusError`, never an uncaught exception, never retried; the CLI prints one line and
 * exits 1. Node's fetch breaks the socket on a 101 ("bad upgrade") and on a 100 it did not ask for
 * ("bad response"): that too is the `UnexpectedStatusError`, not a connection error retried. An
 * interim 103 (Early Hints) before the answer is read past.
 */
import { AgentClient, type AgentError, UnexpectedStatusError } from '@credential-agent/sdk';
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
const OK = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]';
/** An interim answer, then the real one. */
const EARLY_HINTS = `HTTP/1.1 103 Early Hints\r\nlink: </x.css>; rel=preload\r\n\r\n${OK}`;
const UNASKED_CONTINUE = `HTTP/1.1 100 Continue\r\n\r\n${OK}`;

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
  it('HTTP 103 then 200: the answer is read', async () => {
    const server = await rawServer(EARLY_HINTS);
    try {
      const client = new AgentClient({ baseUrl: server.url, accessToken: 't0ken-value', ...withFetch(f) });
      await expect(client.credentials.list()).resolves.toEqual([]);
    } finally {
      await server.close();
    }
  });
});

it("Node's fetch: an unasked HTTP 100 before the answer is an UnexpectedStatusError after one request", async () => {
  const server = await rawServer(UNASKED_CONTINUE);
  try {
    const client = new AgentClient({ baseUrl: server.url, accessToken: 't0ken-value', timeout: 2000 });
    const error: AgentError = await client.credentials.list().catch((e) => e);
    expect(error).toBeInstanceOf(UnexpectedStatusError);
    expect(error).toMatchObject({ status: 100 });
    expect(server.received).toHaveLength(1);
  } finally {
    await server.close();
  }
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

  it('credentials list after an HTTP 103 prints the answer', async () => {
    const server = await rawServer(EARLY_HINTS);
    try {
      const result = await e2e.run(['credentials', 'list', '--json'], {
        env: { AGENT_CLI_BASE_URL: server.url, AGENT_CLI_TOKEN: 't0ken-value', AGENT_CLI_TIMEOUT: '2000' },
      });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(result.stdout)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
