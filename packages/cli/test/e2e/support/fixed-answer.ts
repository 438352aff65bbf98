import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A server on 127.0.0.1:0 for the test file that gives every request the same answer; returns its URL. */
export function useFixedAnswer(status: number, body?: unknown): () => string {
  let server: Server | undefined;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (body === undefined) return res.writeHead(status).end();
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));
  return () => `http://127.0.0.1:${(server?.address() as AddressInfo | undefined)?.port}`;
}
