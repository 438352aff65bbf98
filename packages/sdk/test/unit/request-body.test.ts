/**
 * ky builds every request. With Node's fetch the JSON text goes to fetch beside ky's Request (not
 * as a stream inside it); with a fetch the caller gave, inside ky's Request. Either way a real
 * server receives the same request: method, path, query, JSON body, content type and length.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentClient } from '../../src/index.js';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

const seen: Seen[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const FETCHES = [
  { name: "Node's fetch", options: {} },
  {
    name: 'a fetch the caller gave',
    options: { fetch: (i: RequestInfo | URL, n?: RequestInit) => fetch(i, n) },
  },
];

describe.each(FETCHES)('$name', ({ options }) => {
  it('sends the JSON body, its type and length, to the path and query asked for', async () => {
    const client = new AgentClient({ baseUrl, accessToken: 'tok', retry: false, ...options });
    seen.length = 0;
    const body = { name: 'Ada Lovelace', emails: ['ada@example.com'], note: 'é ✓' };
    await client.request({ method: 'POST', path: '/things', query: { kind: 'a b' }, body });
    const text = JSON.stringify(body);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/things?kind=a+b', body: text });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength(text)));
    expect(seen[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('sends no body for a GET', async () => {
    const client = new AgentClient({ baseUrl, accessToken: 'tok', retry: false, ...options });
    seen.length = 0;
    await client.request({ method: 'GET', path: '/things' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/things', body: '' });
    expect(seen[0]?.headers['content-type']).toBeUndefined();
  });
});
