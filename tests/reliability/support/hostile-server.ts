import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** A request a hostile server received, body included. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A server on 127.0.0.1 (a free port) that records what it received; close it when done. */
export interface HostileServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  received: Received[];
  /** Connections that closed, whoever closed them (a client giving up shows here). */
  closedConnections(): number;
  close(): Promise<void>;
}

/** How a hostile server answers: anything goes, including never finishing the answer. */
export type HostileHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function tracked(server: Server, port: number, received: Received[]): HostileServer {
  const sockets = new Set<Socket>();
  let closed = 0;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closed++;
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    closedConnections: () => closed,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An HTTP server that hands every request, with its whole body, to `handler`. */
export async function hostileServer(handler: HostileHandler): Promise<HostileServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  return tracked(server, await listen(server), received);
}

/**
 * A TCP server that answers every request with `raw` bytes, whatever HTTP allows (status 999, 101
 * without an upgrade). It records the request line and headers it got.
 */
export async function rawServer(raw: string): Promise<HostileServer> {
  const received: Received[] = [];
  const server = createNetServer((socket) => {
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      const [method = '', url = ''] = head.split(' ');
      received.push({ method, url, headers: {}, body: '' });
      socket.write(raw);
      head = '';
    });
    socket.on('error', () => undefined);
  });
  return tracked(server, await listen(server), received);
}

/** Sends a JSON answer. */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/**
 * A {@link hostileServer} for a whole test file: started before its tests, closed after them, and
 * its `received` list emptied before each test. Call `server()` inside tests.
 */
export function useHostileServer(handler: HostileHandler): () => HostileServer {
  let server: HostileServer | undefined;
  beforeAll(async () => {
    server = await hostileServer(handler);
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    if (server) server.received.length = 0;
  });
  return () => {
    if (!server) throw new Error('the server starts in beforeAll');
    return server;
  };
}
