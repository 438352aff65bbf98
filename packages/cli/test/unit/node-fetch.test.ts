import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFetch } from '../../src/http/node-fetch.js';

describe('nodeFetch', () => {
  let server: Server;
  let base: string;
  const seen: {
    method?: string | undefined;
    url?: string | undefined;
    auth?: string | undefined;
    body: string;
  }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
        if (req.url === '/empty') return void res.writeHead(204).end();
        if (req.url === '/hang') return;
        if (req.url === '/cut') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          res.write('{"par');
          // Let the headers and the first bytes go out, then drop the connection.
          return void setTimeout(() => res.socket?.destroy(), 10);
        }
        res.writeHead(201, { 'content-type': 'application/json', 'x-multi': ['a', 'b'] });
        res.end(JSON.stringify({ echo: body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the method, path, headers and body of a Request and returns status, headers and body', async () => {
    const request = new Request(`${base}/orgs/o?x=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    const response = await nodeFetch(request);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-multi')).toBe('a, b');
    expect(await response.json()).toEqual({ echo: '{"a":1}' });
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/orgs/o?x=1', auth: 'Bearer t', body: '{"a":1}' });
  });

  it('answers a 204 with an empty body', async () => {
    const response = await nodeFetch(`${base}/empty`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('rejects with the system code when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(nodeFetch(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('aborts a request when its signal fires', async () => {
    const controller = new AbortController();
    const pending = nodeFetch(`${base}/hang`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fails reading a body the server cut short', async () => {
    const response = await nodeFetch(`${base}/cut`);
    await expect(response.text()).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
