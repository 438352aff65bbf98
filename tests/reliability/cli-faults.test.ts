/**
 * The fault matrix through the built `agent-cli` binary, spawned without a terminal: every fault
 * against `credentials list` and the two POSTs, each case with its own sandbox on 127.0.0.1. Each
 * row says the exit code, the exact stderr (one error line; 401 and 429 add their hint), how many
 * requests reached the sandbox and, for POSTs, how many records the service created.
 */
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { type FaultName, withFaultySandbox } from './support/faults.js';
import { LIST, POSTS, type Target } from './support/targets.js';

const e2e = useE2E();

/** The timeout per attempt the runs ask for (`AGENT_CLI_TIMEOUT`). */
const TIMEOUT_MS = 2000;

interface Row {
  fault: FaultName;
  code: 0 | 1 | 4;
  /** The whole of stderr, line by line; none on success. */
  stderr?: (t: Target, origin: string) => string[];
  requests: number;
  /** Records the service created (POSTs only). */
  records?: number;
}

const says = (line: string) => () => [`error: ${line}`];
// An HTML 404 is a missing route: the line names the URL tried, and the hint the setting to check.
const missingRoute = (t: Target, origin: string) => {
  const [method, path] = t.call.split(' ');
  const at = 'hint: no such route at AGENT_CLI_BASE_URL';
  return [
    `error: HTTP 404 Not Found: ${method} ${origin}${path}`,
    path?.startsWith('/orgs/')
      ? `${at}: platforms serve their API under /v1 (try ${origin}/v1)`
      : `${at}: if the agent controller is a service of its own, set agent-url and agent-key (AGENT_CLI_AGENT_URL, AGENT_CLI_AGENT_KEY)`,
  ];
};
// A POST that timed out may have been processed: the line says so (attack F17).
const timedOut = (t: Target, origin: string) => [
  t.call.startsWith('GET')
    ? `error: ${t.call} to ${origin} timed out after ${TIMEOUT_MS} ms`
    : `error: ${t.call} to ${origin} timed out after ${TIMEOUT_MS} ms: it was sent and may have been processed by the service; check before running it again`,
];
// The runs sign in with AGENT_CLI_TOKEN, so the hint is about that variable, not `agent-cli login`.
const unauthorized = () => [
  'error: Unauthorized (HTTP 401)',
  'hint: the service refused AGENT_CLI_TOKEN: set a valid token, or unset it to use the profile',
];
const rateLimited = () => [
  'error: Too many requests, please try again later. (HTTP 429)',
  'hint: retry after 0 s',
];
const reset = (t: Target, origin: string) => [
  t.call.startsWith('GET')
    ? `error: Could not reach ${origin} (${t.call}): ECONNRESET`
    : `error: The connection to ${origin} failed after ${t.call} was sent; it may have been processed (ECONNRESET)`,
];
const brokenBody = (t: Target, origin: string) => [
  `error: The connection to ${origin} broke while reading the answer to ${t.call}; it may have been processed (ECONNRESET)`,
];
// A POST answered with something unreadable was sent: it may have been processed (attack L8).
const badJson = (t: Target) => [
  `error: unexpected answer from ${t.call} (HTTP ${t.okStatus}): the body must be ${t.shape === 'array' ? 'a list' : 'an object'} (got a string)${t.call.startsWith('GET') ? '' : ': the request was sent and may have been processed by the service; check before running it again'}`,
];

const GET_ROWS: Row[] = [
  { fault: 'latency 50 ms (under the timeout)', code: 0, requests: 1 },
  {
    fault: 'latency 6000 ms (over the timeout)',
    code: 1,
    stderr: timedOut,
    requests: 1,
  },
  { fault: 'status 500 once', code: 0, requests: 2 },
  { fault: 'status 502 once', code: 0, requests: 2 },
  { fault: 'status 503 once', code: 0, requests: 2 },
  { fault: 'status 504 once', code: 0, requests: 2 },
  { fault: 'status 503 always', code: 1, stderr: says('Service Unavailable (HTTP 503)'), requests: 3 },
  { fault: 'status 503 + Retry-After: 0 once', code: 0, requests: 2 },
  { fault: 'status 401', code: 4, stderr: unauthorized, requests: 1 },
  { fault: '429 Retry-After: 0 once', code: 0, requests: 2 },
  { fault: '429 Retry-After: 1 once', code: 0, requests: 2 },
  { fault: '429 Retry-After: 0 always', code: 1, stderr: rateLimited, requests: 3 },
  { fault: 'reset before response once', code: 0, requests: 2 },
  { fault: 'reset before response always', code: 1, stderr: reset, requests: 3 },
  { fault: 'reset after headers once', code: 0, requests: 2 },
  { fault: 'truncated body once', code: 0, requests: 2 },
  { fault: 'malformed JSON', code: 1, stderr: badJson, requests: 1 },
  { fault: 'HTML 502 page once', code: 0, requests: 2 },
  { fault: 'HTML 404 page', code: 1, stderr: missingRoute, requests: 1 },
  {
    fault: 'slow body 6000 ms (over the timeout)',
    code: 1,
    stderr: timedOut,
    requests: 1,
  },
];

const POST_ROWS: Row[] = [
  { fault: 'latency 50 ms (under the timeout)', code: 0, requests: 1, records: 1 },
  {
    fault: 'latency 6000 ms (over the timeout)',
    code: 1,
    stderr: timedOut,
    requests: 1,
  },
  {
    fault: 'status 500 once',
    code: 1,
    stderr: says('Internal Server Error (HTTP 500)'),
    requests: 1,
    records: 0,
  },
  { fault: 'status 502 once', code: 1, stderr: says('Bad Gateway (HTTP 502)'), requests: 1, records: 0 },
  {
    fault: 'status 503 once',
    code: 1,
    stderr: says('Service Unavailable (HTTP 503)'),
    requests: 1,
    records: 0,
  },
  { fault: 'status 504 once', code: 1, stderr: says('Gateway Timeout (HTTP 504)'), requests: 1, records: 0 },
  {
    fault: 'status 503 always',
    code: 1,
    stderr: says('Service Unavailable (HTTP 503)'),
    requests: 1,
    records: 0,
  },
  {
    fault: 'status 503 + Retry-After: 0 once',
    code: 0,
    requests: 2,
    records: 1,
  },
  { fault: 'status 401', code: 4, stderr: unauthorized, requests: 1, records: 0 },
  { fault: '429 Retry-After: 0 once', code: 0, requests: 2, records: 1 },
  { fault: '429 Retry-After: 1 once', code: 0, requests: 2, records: 1 },
  { fault: '429 Retry-After: 0 always', code: 1, stderr: rateLimited, requests: 3, records: 0 },
  { fault: 'reset before response once', code: 1, stderr: reset, requests: 1, records: 0 },
  { fault: 'reset before response always', code: 1, stderr: reset, requests: 1, records: 0 },
  { fault: 'reset after headers once', code: 1, stderr: brokenBody, requests: 1, records: 1 },
  { fault: 'truncated body once', code: 1, stderr: brokenBody, requests: 1, records: 1 },
  { fault: 'malformed JSON', code: 1, stderr: badJson, requests: 1, records: 1 },
  {
    fault: 'HTML 502 page once',
    code: 1,
    stderr: says('HTTP 502 Bad Gateway'),
    requests: 1,
    records: 0,
  },
  { fault: 'HTML 404 page', code: 1, stderr: missingRoute, requests: 1, records: 0 },
  {
    fault: 'slow body 6000 ms (over the timeout)',
    code: 1,
    stderr: timedOut,
    requests: 1,
    records: 1,
  },
];

/** Spawns the target's command under the row's fault and checks code, stderr, requests and records. */
async function check(target: Target, row: Row): Promise<void> {
  await withFaultySandbox(row.fault, target, async (running) => {
    const token = running.sandbox.issueToken();
    const result = await e2e.run([...target.cli], {
      env: {
        AGENT_CLI_BASE_URL: running.url,
        AGENT_CLI_ORG: DEMO_ORG_ID,
        AGENT_CLI_TOKEN: token,
        AGENT_CLI_TIMEOUT: String(TIMEOUT_MS),
      },
    });
    const lines = result.stderr.split('\n').filter((l) => l !== '');
    expect(lines).toEqual(row.stderr?.(target, new URL(running.url).origin) ?? []);
    expect(result.code).toBe(row.code);
    if (row.code === 0) expect(() => JSON.parse(result.stdout)).not.toThrow();
    else expect(result.stdout).toBe('');
    expect(`${result.stdout}${result.stderr}`).not.toContain(token);
    expect(running.sandbox.requestCount(target.method, target.path)).toBe(row.requests);
    if (row.records !== undefined) expect(target.records(running.sandbox)).toBe(row.records);
  });
}

/** One table, run concurrently against `target` (a sandbox per case) */
function table(target: Target, rows: readonly Row[]): void {
  const title = (row: Row) =>
    `agent-cli ${target.cli.slice(0, 2).join(' ')} under "${row.fault}" exits ${row.code}`;
  it.each(rows.map((row) => ({ row, title: title(row) })))('$title', ({ row }) => check(target, row));
}

describe.concurrent('agent-cli, GET, under faults', () => {
  table(LIST, GET_ROWS);
});

describe.concurrent.each(POSTS)(
  'agent-cli, POST $name, under faults, never repeats a POST that may have arrived',
  (target) => {
    table(target, POST_ROWS);
  },
);
