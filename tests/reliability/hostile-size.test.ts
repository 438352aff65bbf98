/**
 * Issue 9, item 2: answers are capped at `maxResponseBytes` decoded bytes (default 256 MiB). An
 * endless body, a gzip bomb and a body over a smaller cap are each a `ResponseTooLargeError` after
 * one request (never retried), and the child process that made the call stays well under the
 * size of what the server offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamGzipBomb, streamRecords } from './support/bodies.js';
import { runChild } from './support/child.js';
import { type HostileServer, hostileServer } from './support/hostile-server.js';

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer((req, res) => {
    if (req.url?.startsWith('/gzip')) return streamGzipBomb(res);
    const sized = /^\/sized-(\d+)/.exec(req.url ?? '');
    streamRecords(res, sized ? Number(sized[1]) : undefined);
  });
});
afterAll(() => server.close());

const requestsTo = (prefix: string) => server.received.filter((r) => r.url.startsWith(prefix)).length;

/** Peak memory allowed to the child: the default cap (256 MiB) and room for Node, tsx and zod. */
const PEAK_MB = 256 + 300;

// One at a time: each case streams hundreds of megabytes through this process's server.
describe.each(['default', 'node'] as const)('with the %s fetch', (fetch) => {
  it('an endless body stops at the default cap: ResponseTooLargeError, one request, memory bounded', async () => {
    const run = await runChild(
      { baseUrl: `${server.url}/endless-${fetch}`, fetch, timeout: 120_000 },
      150_000,
    );
    expect(run.result).toMatchObject({
      outcome: 'error',
      name: 'ResponseTooLargeError',
      message:
        'The answer to GET /credentials is larger than 256 MiB (maxResponseBytes); it was not read to the end',
    });
    expect(run.result?.maxRssMb).toBeLessThan(PEAK_MB);
    expect(requestsTo(`/endless-${fetch}`)).toBe(1);
  }, 180_000);

  it('a gzip bomb is counted as what it inflates to: ResponseTooLargeError, memory bounded', async () => {
    // A 16 MB cap proves the same point as the default (decoded bytes are what count) in a tenth of
    // the time: the bomb inflates to 2.2 GB.
    const run = await runChild(
      { baseUrl: `${server.url}/gzip-${fetch}`, fetch, timeout: 120_000, maxResponseBytes: 16_000_000 },
      150_000,
    );
    expect(run.result).toMatchObject({ outcome: 'error', name: 'ResponseTooLargeError' });
    expect(run.result?.maxRssMb).toBeLessThan(PEAK_MB);
    expect(requestsTo(`/gzip-${fetch}`)).toBe(1);
  }, 180_000);

  it('maxResponseBytes: 1 MB refuses a 2 MB body after one request and accepts a 0.5 MB one', async () => {
    const over = await runChild({
      baseUrl: `${server.url}/sized-2000000-${fetch}`,
      fetch,
      maxResponseBytes: 1_000_000,
    });
    expect(over.result).toMatchObject({
      outcome: 'error',
      name: 'ResponseTooLargeError',
      message:
        'The answer to GET /credentials is larger than 1000000 bytes (maxResponseBytes); it was not read to the end',
    });
    const under = await runChild({
      baseUrl: `${server.url}/sized-500000-${fetch}`,
      fetch,
      maxResponseBytes: 1_000_000,
    });
    expect(under.result).toMatchObject({ outcome: 'ok' });
    expect(requestsTo(`/sized-2000000-${fetch}`)).toBe(1);
  }, 120_000);
});
