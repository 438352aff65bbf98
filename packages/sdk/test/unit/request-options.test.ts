import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, AgentClient, RequestValidationError, TimeoutError } from '../../src/index.js';

// A server on loopback that never answers `/stall` (the client must give up by itself) and answers
// anything else at once, echoing the headers it got.
let server: Server;
let baseUrl: string;
const stalled = new Set<ServerResponse>();
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    if (req.url === '/stall') return void stalled.add(res);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: req.headers }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of stalled) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// The client's own timeout is long: only the call's option can end the call quickly.
const client = () => new AgentClient({ baseUrl, accessToken: 'token', timeout: 5_000, retry: false });

/** `agent.request` / `agent.requestRaw` as a JavaScript caller sees them: no types to stop anything. */
type Untyped = (...args: unknown[]) => Promise<unknown>;
const untyped = (agent: AgentClient, name: 'request' | 'requestRaw') =>
  (agent[name] as unknown as Untyped).bind(agent);

describe('request(init, options): the options come last, as in every other method', () => {
  it.each(['request', 'requestRaw'] as const)(
    '%s honours the timeout of its second argument',
    async (name) => {
      const error = await untyped(client(), name)({ method: 'GET', path: '/stall' }, { timeout: 400 }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ timeout: 400 });
    },
  );

  it('honours the signal and the headers of its second argument', async () => {
    const controller = new AbortController();
    const pending = client().request({ method: 'GET', path: '/stall' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    const answer = await client().request(
      { method: 'GET', path: '/echo' },
      { headers: { 'x-trace': 't-1' } },
    );
    expect(answer).toMatchObject({ echo: { 'x-trace': 't-1' } });
  });

  it.each([
    ['timeout', 50],
    ['signal', new AbortController().signal],
    ['retry', 2],
    ['headers', { 'x-trace': 't-1' }],
    ['extraBody', { a: 1 }],
  ])('refuses %s inside the request, naming it, and sends nothing', async (key, value) => {
    received.length = 0;
    const error = await untyped(
      client(),
      'request',
    )({ method: 'POST', path: '/echo', body: {}, [key]: value }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: key, message: expect.stringMatching(/second argument/), code: 'unrecognized_keys' },
    ]);
    expect(received).toEqual([]);
  });

  it('refuses a field a request does not have, naming it, and sends nothing', async () => {
    received.length = 0;
    const error = await untyped(
      client(),
      'requestRaw',
    )({ method: 'GET', path: '/echo', qeury: { a: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'qeury', message: expect.any(String), code: 'unrecognized_keys' },
    ]);
    expect(received).toEqual([]);
  });
});
