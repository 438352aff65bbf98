/**
 * Run by {@link runChild} in its own Node process (`--expose-gc`, with tsx): makes one SDK call
 * against a hostile server, forcing garbage collection meanwhile, and prints one JSON line with the
 * outcome and the process's peak memory. It never calls `process.exit`: a socket left open keeps
 * the process alive, and the parent reports that.
 */
import { nodeFetch } from '../../../packages/cli/src/http/node-fetch.js';
import { AgentClient } from '../../../packages/sdk/src/index.js';
import type { ChildArgs, ChildResult } from './child.js';

/** A fetch that never looks at the signal or the redirect mode: the SDK must hold its promises anyway. */
const deafFetch: typeof fetch = async (input, init) => {
  const req = input instanceof Request ? input : new Request(input, init);
  const body = req.body ? await req.arrayBuffer() : undefined;
  return fetch(req.url, { method: req.method, headers: req.headers, ...(body ? { body } : {}) });
};

const FETCHES = { default: undefined, node: nodeFetch, deaf: deafFetch } as const;

const args = JSON.parse(process.argv[2] ?? '{}') as ChildArgs;
const gc = (globalThis as { gc?: () => void }).gc;
const collector = setInterval(() => gc?.(), 50);
const controller = new AbortController();
const abortTimer =
  args.abortAfterMs === undefined ? undefined : setTimeout(() => controller.abort(), args.abortAfterMs);
const fetchFn = FETCHES[args.fetch];
const client = new AgentClient({
  baseUrl: args.baseUrl,
  accessToken: 'child-token',
  retry: { baseDelay: 10 },
  ...(args.timeout === undefined ? {} : { timeout: args.timeout }),
  ...(args.maxResponseBytes === undefined ? {} : { maxResponseBytes: args.maxResponseBytes }),
  ...(fetchFn ? { fetch: fetchFn } : {}),
});

let result: ChildResult;
try {
  const records = await client.credentials.list({}, { signal: controller.signal });
  result = { outcome: 'ok', records: records.length, maxRssMb: 0 };
} catch (error) {
  const e = error as Error;
  result = { outcome: 'error', name: e.name, message: e.message, maxRssMb: 0 };
}
clearInterval(collector);
clearTimeout(abortTimer);
result.maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify(result)}\n`);
// A fetch that ignores the signal keeps its own request open: closing it is beyond the SDK's reach.
if (args.exitWhenDone) process.exit(0);
