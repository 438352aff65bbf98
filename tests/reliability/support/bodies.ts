import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

const RECORD = JSON.stringify({ id: '3f1c2b9e-8a4d-4f7e-9c1a-5b6d7e8f9a0b', state: 'offer-sent' });

/**
 * Writes a JSON array of records without end (or until `bytes` have been written, then closes the
 * array), respecting backpressure; stops when the client goes away.
 */
export function streamRecords(res: ServerResponse, bytes = Number.POSITIVE_INFINITY): void {
  const chunk = Buffer.from(`${Array.from({ length: 512 }, () => RECORD).join(',')},`);
  let sent = 0;
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(Number.isFinite(bytes) ? { 'content-length': String(bytes) } : {}),
  });
  res.write('[');
  sent++;
  const pump = () => {
    while (!res.destroyed) {
      if (sent + chunk.length + RECORD.length + 1 > bytes) {
        const tail = Buffer.alloc(bytes - sent - RECORD.length - 1, ' ');
        res.end(Buffer.concat([tail, Buffer.from(`${RECORD}]`)]));
        return;
      }
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
  };
  pump();
}

/** One gzip member: 1 MiB of spaces, compressed to about a kilobyte. */
const MEMBER = gzipSync(Buffer.alloc(1024 * 1024, ' '), { level: 9 });

/**
 * A gzip-encoded answer whose decoded body never ends: a "gzip bomb" of spaces after `[`. Gzip
 * members may be concatenated, so the server repeats one precompressed member at no cost.
 */
export function streamGzipBomb(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  res.write(gzipSync('['));
  const burst = Buffer.concat(Array.from({ length: 64 }, () => MEMBER));
  const pump = () => {
    while (!res.destroyed) if (!res.write(burst)) return void res.once('drain', pump);
  };
  pump();
}
