/**
 * Issue 9, item 1: the deadline covers every phase of an attempt (connect, headers, body) whatever
 * the garbage collector does, with Node's fetch, the CLI's `node:http` fetch and a fetch that
 * ignores signals. Each case runs in a child `node --expose-gc` that collects garbage every 50 ms;
 * the child must print the expected error and then end by itself (no socket left open).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamRecords } from './support/bodies.js';
import { type ChildArgs, runChild } from './support/child.js';
import { type HostileServer, hostileServer } from './support/hostile-server.js';

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer((req, res) => {
    if (req.url?.startsWith('/no-headers')) return; // never answers
    if (req.url?.startsWith('/stall')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      return; // headers and one byte, then nothing
    }
    streamRecords(res); // an endless body
  });
});
afterAll(() => server.close());

const FETCHES = ['default', 'node', 'deaf'] as const;

interface Case {
  title: string;
  route: string;
  options: Pick<ChildArgs, 'timeout' | 'abortAfterMs'>;
  error: string;
}

const CASES: Case[] = [
  {
    title: 'no answer at all, timeout 1500',
    route: 'no-headers',
    options: { timeout: 1500 },
    error: 'TimeoutError',
  },
  {
    title: 'headers then a stall, timeout 1500',
    route: 'stall',
    options: { timeout: 1500 },
    error: 'TimeoutError',
  },
  {
    title: 'an endless body, timeout 1500',
    route: 'endless',
    options: { timeout: 1500 },
    error: 'TimeoutError',
  },
  {
    title: 'an endless body, no timeout, aborted after 1000 ms',
    route: 'endless',
    options: { timeout: false, abortAfterMs: 1000 },
    error: 'AbortError',
  },
  {
    title: 'headers then a stall, no timeout, aborted after 1000 ms',
    route: 'stall',
    options: { timeout: false, abortAfterMs: 1000 },
    error: 'AbortError',
  },
];

describe.concurrent('under forced garbage collection, a call ends at its deadline or on abort', () => {
  const rows = FETCHES.flatMap((fetch) =>
    CASES.map((c) => ({ ...c, fetch, name: `${c.title} (${fetch} fetch)` })),
  );
  it.each(rows)(
    '$name: $error, and the process exits by itself',
    async (row) => {
      // A fetch that ignores the signal and never gets headers holds its socket: only its owner can close it.
      const exitWhenDone = row.fetch === 'deaf' && row.route === 'no-headers';
      const args = { baseUrl: `${server.url}/${row.route}`, fetch: row.fetch, exitWhenDone, ...row.options };
      const run = await runChild(args, 30_000);
      expect(run.killed, `still running after 30 s; stderr: ${run.stderr}`).toBe(false);
      expect(run.result).toMatchObject({ outcome: 'error', name: row.error });
    },
    60_000,
  );
});
