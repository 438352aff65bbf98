/**
 * Issue 9, item 7: bodies nested 100,000 levels deep. An error answer is the error class of its
 * status (a 500 is a `ServerError`: a GET is retried as for any 500, a POST is sent once and never
 * called a connection failure); a 2xx with deep metadata parses; hooks still get their events.
 */
import { AgentClient, ServerError } from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { type HostileServer, hostileServer } from './support/hostile-server.js';
import { FETCHES, withFetch } from './support/sdk-client.js';

const DEPTH = 100_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepError = `${'{"message":[{"error":'.repeat(DEPTH)}"x"${'}]}'.repeat(DEPTH)}`;
const deepRecord = `[{"id":"r1","state":"done","metadata":{"deep":${deepArray}}}]`;

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer((req, res) => {
    const send = (status: number, body: string) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (req.url?.startsWith('/ok/')) return send(200, deepRecord);
    send(500, req.url?.startsWith('/objects/') ? deepError : deepArray);
  });
});
afterAll(() => server.close());

const count = (prefix: string) => server.received.filter((r) => r.url.startsWith(prefix)).length;

describe.each(FETCHES)('with the $name', (f) => {
  const client = (prefix: string, events: unknown[] = []) =>
    new AgentClient({
      baseUrl: `${server.url}${prefix}`,
      accessToken: 'token-value',
      retry: { baseDelay: 1 },
      hooks: { onResponse: (e) => events.push(e) },
      ...withFetch(f),
    });

  it.each(['/arrays', '/objects'])(
    'a deep 500 body (%s) on a GET: ServerError after the usual 3 attempts',
    async (kind) => {
      const prefix = `${kind}/${f.name.length}/get`;
      const events: unknown[] = [];
      const error = await client(prefix, events)
        .credentials.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerError);
      expect((error as ServerError).status).toBe(500);
      expect(count(prefix)).toBe(3);
      expect(events).toHaveLength(3);
    },
  );

  it('a deep 500 body on a POST: ServerError after one request, not a connection failure', async () => {
    const prefix = `/arrays/${f.name.length}/post`;
    const error = await client(prefix)
      .dids.write({ method: 'key', keyType: 'ed25519' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as Error).message).not.toContain('may have been processed');
    expect(count(prefix)).toBe(1);
  });

  it('a 2xx whose metadata is nested 100,000 deep parses', async () => {
    const records = await client(`/ok/${f.name.length}`).credentials.list();
    expect(records.map((r) => [r.id, r.state])).toEqual([['r1', 'done']]);
  });
});

describe('agent-cli', () => {
  const e2e = useE2E();
  it('credentials list --verbose against a deep 500 exits 1 with the status, no stack trace', async () => {
    const result = await e2e.run(['credentials', 'list', '--json', '--verbose'], {
      env: { AGENT_CLI_BASE_URL: `${server.url}/arrays/cli`, AGENT_CLI_TOKEN: 'token-value' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/RangeError|Maximum call stack|\n\s+at /);
    expect(result.stderr).toContain('error: HTTP 500');
  });
});
