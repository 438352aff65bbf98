/**
 * The fault matrix through the SDK: every fault the sandbox can inject, against a GET and two
 * POSTs, over real sockets. Each row says what the caller gets (the value, after retries, or the
 * documented error class), how many requests reached the sandbox, and, for POSTs, how many records
 * the service created: a POST that may have reached the service is never sent twice.
 */

import { DEMO_ORG_ID, type RunningSandbox } from '@credential-agent/sandbox';
import {
  AgentClient,
  type AgentError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultName, withFaultySandbox } from './support/faults.js';
import { LIST, POSTS, type Target } from './support/targets.js';

/** Timeout per attempt; the faults "over the timeout" last 6000 ms, far enough apart that a busy machine does not blur them. */
const TIMEOUT_MS = 2000;

type ErrorClass = abstract new (...args: never[]) => AgentError;

interface Row {
  fault: FaultName;
  /** `'ok'`: the call returns (after retries, if any); otherwise the class of the error it throws. */
  outcome: 'ok' | ErrorClass;
  /** Requests the sandbox received. */
  requests: number;
  /** Records the service created (POSTs only). */
  records?: number;
}

const GET_ROWS: Row[] = [
  { fault: 'latency 50 ms (under the timeout)', outcome: 'ok', requests: 1 },
  { fault: 'latency 6000 ms (over the timeout)', outcome: TimeoutError, requests: 1 },
  { fault: 'status 500 once', outcome: 'ok', requests: 2 },
  { fault: 'status 502 once', outcome: 'ok', requests: 2 },
  { fault: 'status 503 once', outcome: 'ok', requests: 2 },
  { fault: 'status 504 once', outcome: 'ok', requests: 2 },
  { fault: 'status 503 always', outcome: ServerError, requests: 3 },
  { fault: 'status 503 + Retry-After: 0 once', outcome: 'ok', requests: 2 },
  { fault: 'status 401', outcome: AuthenticationError, requests: 1 },
  { fault: '429 Retry-After: 0 once', outcome: 'ok', requests: 2 },
  { fault: '429 Retry-After: 1 once', outcome: 'ok', requests: 2 },
  { fault: '429 Retry-After: 0 always', outcome: RateLimitError, requests: 3 },
  { fault: 'reset before response once', outcome: 'ok', requests: 2 },
  { fault: 'reset before response always', outcome: ConnectionError, requests: 3 },
  { fault: 'reset after headers once', outcome: 'ok', requests: 2 },
  { fault: 'truncated body once', outcome: 'ok', requests: 2 },
  { fault: 'malformed JSON', outcome: ResponseValidationError, requests: 1 },
  { fault: 'HTML 502 page once', outcome: 'ok', requests: 2 },
  { fault: 'HTML 404 page', outcome: NotFoundError, requests: 1 },
  {
    fault: 'slow body 6000 ms (over the timeout)',
    outcome: TimeoutError,
    requests: 1,
  },
];

const POST_ROWS: Row[] = [
  { fault: 'latency 50 ms (under the timeout)', outcome: 'ok', requests: 1, records: 1 },
  // The service handles it after the client gave up (no record yet when the call fails): it is in
  // doubt, so it is not sent again.
  { fault: 'latency 6000 ms (over the timeout)', outcome: TimeoutError, requests: 1 },
  { fault: 'status 500 once', outcome: ServerError, requests: 1, records: 0 },
  { fault: 'status 502 once', outcome: ServerError, requests: 1, records: 0 },
  // No Retry-After: the service may have acted, so the POST is not repeated.
  { fault: 'status 503 once', outcome: ServerError, requests: 1, records: 0 },
  { fault: 'status 504 once', outcome: ServerError, requests: 1, records: 0 },
  { fault: 'status 503 always', outcome: ServerError, requests: 1, records: 0 },
  // With Retry-After the service says it did not act: the POST may be sent again.
  {
    fault: 'status 503 + Retry-After: 0 once',
    outcome: 'ok',
    requests: 2,
    records: 1,
  },
  { fault: 'status 401', outcome: AuthenticationError, requests: 1, records: 0 },
  { fault: '429 Retry-After: 0 once', outcome: 'ok', requests: 2, records: 1 },
  { fault: '429 Retry-After: 1 once', outcome: 'ok', requests: 2, records: 1 },
  { fault: '429 Retry-After: 0 always', outcome: RateLimitError, requests: 3, records: 0 },
  { fault: 'reset before response once', outcome: ConnectionError, requests: 1, records: 0 },
  { fault: 'reset before response always', outcome: ConnectionError, requests: 1, records: 0 },
  { fault: 'reset after headers once', outcome: ConnectionError, requests: 1, records: 1 },
  { fault: 'truncated body once', outcome: ConnectionError, requests: 1, records: 1 },
  { fault: 'malformed JSON', outcome: ResponseValidationError, requests: 1, records: 1 },
  { fault: 'HTML 502 page once', outcome: ServerError, requests: 1, records: 0 },
  { fault: 'HTML 404 page', outcome: NotFoundError, requests: 1, records: 0 },
  {
    fault: 'slow body 6000 ms (over the timeout)',
    outcome: TimeoutError,
    requests: 1,
    records: 1,
  },
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  // Let rejections of connections closed by the last test surface before looking.
  await new Promise((resolve) => setImmediate(resolve));
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

function client(running: RunningSandbox): AgentClient {
  return new AgentClient({
    baseUrl: running.url,
    accessToken: running.sandbox.issueToken(),
    orgId: DEMO_ORG_ID,
    timeout: TIMEOUT_MS,
    retry: { baseDelay: 20 },
  });
}

/** Runs the target's SDK call under the row's fault and checks outcome, requests and records. */
async function check(target: Target, row: Row): Promise<void> {
  await withFaultySandbox(row.fault, target, async (running) => {
    const before = target.records(running.sandbox);
    const settled = await target.sdk(client(running)).then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    );
    if (row.outcome === 'ok') expect(settled.error).toBeUndefined();
    else expect(settled.error ?? settled.value).toBeInstanceOf(row.outcome);
    expect(running.sandbox.requestCount(target.method, target.path)).toBe(row.requests);
    if (row.records !== undefined) expect(target.records(running.sandbox) - before).toBe(row.records);
  });
}

const outcomeName = (row: Row) => (row.outcome === 'ok' ? 'succeeds' : `throws ${row.outcome.name}`);

/** One table, run as tests against `target` (one test a row). */
function table(target: Target, rows: readonly Row[]): void {
  const title = (row: Row) =>
    `${target.name} under "${row.fault}" ${outcomeName(row)} after ${row.requests} request(s)`;
  it.each(rows.map((row) => ({ row, title: title(row) })))('$title', ({ row }) => check(target, row));
}

describe('the SDK, GET, under faults', () => {
  table(LIST, GET_ROWS);
});

describe.each(POSTS)(
  'the SDK, POST $name, under faults, never repeats a POST that may have arrived',
  (target) => {
    table(target, POST_ROWS);
  },
);
