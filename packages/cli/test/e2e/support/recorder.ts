import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** One request a {@link Recorder} received. */
export interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  /** The request body as text. */
  body: string;
}

/**
 * A server on 127.0.0.1:0 that answers every request with the JSON it is given (`POST /agent/token`
 * with 404, as a line 2.0 agent) and keeps what came in.
 */
export interface Recorder {
  url(): string;
  received: Received[];
  /** The JSON body every request gets from now on (default `[]`). */
  answer(body: unknown): void;
  /** The body text every request gets from now on, as is (JSON that `JSON.stringify` cannot make). */
  answerText(text: string): void;
}

/** Starts a {@link Recorder} for the test file. */
export function useRecorder(): Recorder {
  let server: Server | undefined;
  let body = '[]';
  const received: Received[] = [];
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        // An agent controller of line 2.0 (or a platform): no token exchange route, as line
        // detection expects (a 2xx there without a token is an error).
        if (req.method === 'POST' && req.url?.split('?')[0] === '/agent/token') {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));
  return {
    url: () => `http://127.0.0.1:${(server?.address() as AddressInfo | undefined)?.port}`,
    received,
    answer: (value) => {
      body = JSON.stringify(value);
    },
    answerText: (text) => {
      body = text;
    },
  };
}
