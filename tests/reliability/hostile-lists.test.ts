/**
 * Issue 9, attack H4: a 2xx list far under the byte cap that costs minutes and gigabytes to decode
 * and validate. Every element failing (`[{},{},…]`) ends at the tenth failure; a body of many tiny
 * records is refused once it holds more JSON objects and arrays than the cap allows (one per 64
 * bytes of `maxResponseBytes`), before it is decoded. The child process that made the call stays
 * far under the memory these bodies used to take (1 MB of `{},` took 366 MB, 2 MB 612 MB).
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { runChild } from './support/child.js';
import { type HostileServer, hostileServer } from './support/hostile-server.js';

/** `[unit,unit,…,{}]` of about `bytes` bytes. */
function writeList(res: ServerResponse, unit: string, bytes: number): void {
  const body = Buffer.from(`[${unit.repeat(Math.floor(bytes / unit.length))}{"id":"last"}]`);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
  res.end(body);
}

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer((req, res) => {
    const [, kind, size] = /^\/(empty|tiny)-(\d+)/.exec(req.url ?? '') ?? [];
    writeList(res, kind === 'tiny' ? '{"id":"a"},' : '{},', Number(size));
  });
});
afterAll(() => server.close());

/**
 * Node, tsx and zod, and the body itself (a quiet run peaks near 300 MB, GC timing moves it by tens
 * of MB): still far under what the old code took for these bodies (4 MB of `{},`: over 1 GB).
 */
const PEAK_MB = 500;

describe('a list far under the byte cap', () => {
  it('4 MB of records that all lack `id`: ResponseValidationError listing 10, memory bounded', async () => {
    const run = await runChild({ baseUrl: `${server.url}/empty-4000000`, fetch: 'default' }, 150_000);
    expect(run.result).toMatchObject({ outcome: 'error', name: 'ResponseValidationError' });
    const message = run.result?.outcome === 'error' ? run.result.message : '';
    expect(message).toMatch(
      /^Unexpected response from GET \/credentials \(HTTP 200\): \(body\): stopped at the 10th failing element; 1,333,324 more were not checked; \[0\]\.id: .*; and 6 more$/,
    );
    expect(run.result?.maxRssMb).toBeLessThan(PEAK_MB);
  }, 180_000);

  it('8 MB of tiny valid records under a 16 MB cap (250,000 objects allowed): ResponseTooLargeError', async () => {
    const run = await runChild(
      { baseUrl: `${server.url}/tiny-8000000`, fetch: 'node', maxResponseBytes: 16_000_000 },
      150_000,
    );
    expect(run.result).toMatchObject({
      outcome: 'error',
      name: 'ResponseTooLargeError',
      message:
        'The answer to GET /credentials holds more than 250000 JSON objects and arrays (one per 64 bytes of maxResponseBytes); it was not read to the end',
    });
    expect(run.result?.maxRssMb).toBeLessThan(PEAK_MB);
  }, 180_000);

  it('the same records under the cap they fit in are returned', async () => {
    const run = await runChild({ baseUrl: `${server.url}/tiny-1000000`, fetch: 'default' }, 150_000);
    expect(run.result).toMatchObject({ outcome: 'ok', records: 90_910 });
  }, 180_000);
});

describe('agent-cli', () => {
  const e2e = useE2E();
  it('credentials list against 3 MB of records lacking `id` prints one line naming the first ones', async () => {
    const result = await e2e.run(['credentials', 'list'], {
      env: {
        AGENT_CLI_BASE_URL: `${server.url}/empty-3000000`,
        AGENT_CLI_TOKEN: 'token-value',
        AGENT_CLI_TIMEOUT: '2000',
      },
    });
    const lines = result.stderr.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error: unexpected answer from GET \/credentials \(HTTP 200\): the body stopped at the 10th failing element; 999,991 more were not checked; "\[0\]\.id" is missing \(a string was expected\); "\[1\]\.id" is missing \(a string was expected\)$/,
    );
    expect(result.code).toBe(1);
  });
});
