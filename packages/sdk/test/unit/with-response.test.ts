import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentClient, NotFoundError, ServerError, withResponse } from '../../src/index.js';

// A real server on loopback: the request id comes in a header, as on services that send one.
const record = {
  id: '6f1d3c2a-9b8e-4d7f-8a6b-5c4d3e2f1a0b',
  state: 'offer-sent',
  createdAt: '2026-01-01T00:00:00Z',
};
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (req.url === '/credentials')
      return json(200, [record], { 'x-request-id': 'req_list_1', 'x-extra': 'yes' });
    if (req.url === '/credentials?state=done') return json(200, []);
    if (req.url?.startsWith('/oob/'))
      return json(404, { message: 'Not found' }, { 'x-request-id': 'req_404' });
    return json(500, { message: 'boom' }, { 'request-id': 'req_500' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new AgentClient({ baseUrl, accessToken: 'token', retry: false });

describe('withResponse', () => {
  it('gives the parsed data with the status, headers and request id of the answer', async () => {
    const { data, response } = await withResponse(client().credentials.list());
    expect(data).toEqual([expect.objectContaining({ id: record.id, state: 'offer-sent' })]);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(response.requestId).toBe('req_list_1');
  });

  it('has no request id when the service sends none, and leaves the data as the plain call gives it', async () => {
    const agent = client();
    const { data, response } = await withResponse(agent.credentials.list({ state: 'done' }));
    expect(response.requestId).toBeUndefined();
    expect(data).toEqual(await agent.credentials.list({ state: 'done' }));
    expect(JSON.stringify(data)).toBe('[]');
  });

  it('refuses a promise that is not an SDK call', async () => {
    await expect(withResponse(Promise.resolve({ id: 1 }))).rejects.toThrow(TypeError);
  });
});

describe('ApiError.requestId', () => {
  it('carries the request id of a refused call (x-request-id or request-id)', async () => {
    const notFound = await client()
      .oob.get('6f1d3c2a-9b8e-4d7f-8a6b-5c4d3e2f1a0b')
      .catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect((notFound as NotFoundError).requestId).toBe('req_404');
    const failed = await client()
      .credentials.negotiateOffer({
        protocolVersion: 'v2',
        credentialRecordId: record.id,
        connectionId: record.id,
        credentialFormats: { jsonld: {} },
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ServerError);
    expect((failed as ServerError).requestId).toBe('req_500');
  });
});
