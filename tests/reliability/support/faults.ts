import { type FaultSpec, type RunningSandbox, startSandbox } from '@credential-agent/sandbox';
import type { Target } from './targets.js';

/** A fault without its route: the tables apply it to the method and path of their target. */
export type Fault = Omit<FaultSpec, 'method' | 'path'>;

/**
 * Every fault the tables try, by the name the README shows. "once" faults hit the first request
 * only (a retry gets the real answer); the others hit every request.
 */
export const FAULTS = {
  'latency 50 ms (under the timeout)': { kind: 'latency', ms: 50 },
  'latency 6000 ms (over the timeout)': { kind: 'latency', ms: 6000 },
  'status 500 once': { kind: 'status', status: 500, times: 1 },
  'status 502 once': { kind: 'status', status: 502, times: 1 },
  'status 503 once': { kind: 'status', status: 503, times: 1 },
  'status 504 once': { kind: 'status', status: 504, times: 1 },
  'status 503 always': { kind: 'status', status: 503 },
  'status 503 + Retry-After: 0 once': { kind: 'status', status: 503, retryAfter: 0, times: 1 },
  'status 401': { kind: 'status', status: 401 },
  '429 Retry-After: 0 once': { kind: 'rate-limit', retryAfter: 0, times: 1 },
  '429 Retry-After: 1 once': { kind: 'rate-limit', retryAfter: 1, times: 1 },
  '429 Retry-After: 0 always': { kind: 'rate-limit', retryAfter: 0 },
  'reset before response once': { kind: 'reset-before-response', times: 1 },
  'reset before response always': { kind: 'reset-before-response' },
  'reset after headers once': { kind: 'reset-after-headers', times: 1 },
  'truncated body once': { kind: 'truncated-body', times: 1 },
  'malformed JSON': { kind: 'malformed-json' },
  'HTML 502 page once': { kind: 'html-error', status: 502, times: 1 },
  'HTML 404 page': { kind: 'html-error', status: 404 },
  'slow body 6000 ms (over the timeout)': { kind: 'slow-body', ms: 6000 },
} as const satisfies Record<string, Fault>;

/** The name of a fault of {@link FAULTS}. */
export type FaultName = keyof typeof FAULTS;

/** Starts a sandbox on 127.0.0.1 whose only fault is `name` on the target's route; closes it after `use`. */
export async function withFaultySandbox<T>(
  name: FaultName,
  target: Target,
  use: (running: RunningSandbox) => Promise<T>,
): Promise<T> {
  const fault: FaultSpec = { ...FAULTS[name], method: target.method, path: target.path };
  const running = await startSandbox({ faults: [fault] });
  try {
    return await use(running);
  } finally {
    await running.close();
  }
}
