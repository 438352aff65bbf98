/**
 * Issue 9, "types that help": options now accept an explicit `undefined` (exactOptionalPropertyTypes),
 * so it must also *behave* as "left out": the default applies. Real sockets on loopback.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AgentClient } from '../../src/index.js';

let server: Server;
let baseUrl: string;
const seen: { url: string; authorization: string | undefined }[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (failuresLeft > 0) {
      failuresLeft--;
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"busy"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('an option given as undefined behaves as left out', () => {
  beforeEach(() => {
    seen.length = 0;
    failuresLeft = 0;
  });

  it('retry: { limit: undefined } keeps the two default retries of a GET', async () => {
    failuresLeft = 2;
    const client = new AgentClient({
      baseUrl,
      accessToken: 'token-for-tests',
      retry: { limit: undefined, baseDelay: 1, maxDelay: undefined, maxRetryAfter: undefined },
    });
    await expect(client.credentials.list()).resolves.toEqual([]);
    expect(seen).toHaveLength(3);
  });

  it('agent: { apiKey: undefined, scheme: undefined } sends the bearer token to the agent', async () => {
    const client = new AgentClient({
      baseUrl: 'http://platform.invalid',
      accessToken: 'token-for-tests',
      agent: { baseUrl, apiKey: undefined, scheme: undefined },
      hooks: { onRequest: undefined, onResponse: undefined, onRetry: undefined },
    });
    await client.credentials.list({}, { timeout: undefined, retry: undefined, headers: undefined });
    expect(seen).toEqual([{ url: '/credentials', authorization: 'Bearer token-for-tests' }]);
  });

  it('request() with query, auth and target undefined', async () => {
    const client = new AgentClient({ baseUrl, accessToken: 'token-for-tests' });
    await client.request({
      method: 'GET',
      path: '/credentials',
      query: undefined,
      auth: undefined,
      target: undefined,
    });
    expect(seen).toEqual([{ url: '/credentials', authorization: 'Bearer token-for-tests' }]);
  });
});
