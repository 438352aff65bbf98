import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A file served by {@link serveFiles}. */
export interface StaticFile {
  type: string;
  body: string | Uint8Array;
}

/** A running loopback server; close it when done. */
export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** Serves fixed files on 127.0.0.1 (a free port); anything else is a 404. */
export async function serveFiles(files: Readonly<Record<string, StaticFile>>): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = files[path];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
