import * as z from 'zod';

/** The faults the sandbox can inject. */
export const FAULT_KINDS = [
  'latency',
  'status',
  'rate-limit',
  'reset-before-response',
  'reset-after-headers',
  'truncated-body',
  'malformed-json',
  'html-error',
  'slow-body',
] as const;

/** One kind of fault. See {@link FaultSpec}. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * A fault to inject. Without `method` and `path` it applies to every route.
 * - `latency`: waits `ms` before handling (adds up with other faults).
 * - `status`: answers `status` (default 500) with a JSON body (and `Retry-After` when `retryAfter`
 *   is given); the request is not handled.
 * - `rate-limit`: answers 429 with `Retry-After: retryAfter` (default 1) and a plain-text body.
 * - `reset-before-response`: drops the connection; the request is not handled.
 * - `reset-after-headers`: handles the request, sends the headers, then drops the connection.
 * - `truncated-body`: handles the request, sends half the body, then drops the connection.
 * - `malformed-json`: handles the request and sends half its JSON body as a complete response.
 * - `html-error`: answers an HTML page with `status` (default 404), as the agent does for unknown routes.
 * - `slow-body`: handles the request, sends the headers at once and the body after `ms`.
 */
export interface FaultSpec {
  kind: FaultKind;
  /** Only requests with this method (any case). */
  method?: string;
  /** Only requests whose path is this path or below it, e.g. `/credentials`. */
  path?: string;
  /** For `status` and `html-error`. */
  status?: number;
  /** Share of the matching requests that get the fault, 0..1 (default 1), spread evenly. */
  rate?: number;
  /** Apply at most this many times. */
  times?: number;
  /** Delay for `latency` and `slow-body`, in ms (default 1000). */
  ms?: number;
  /** Seconds: the `Retry-After` of `rate-limit` (default 1), and of `status` when given. */
  retryAfter?: number;
}

/** Validates a fault; used for specs from code, JSON and the CLI alike. */
export const FaultSpecSchema = z.strictObject({
  kind: z.enum(FAULT_KINDS),
  method: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  status: z.number().int().min(400).max(599).optional(),
  rate: z.number().min(0).max(1).optional(),
  times: z.number().int().nonnegative().optional(),
  ms: z.number().nonnegative().optional(),
  retryAfter: z.number().nonnegative().optional(),
});

/**
 * Validates a fault spec.
 * @throws {@link z.ZodError} for an invalid spec (unknown kind, rate outside 0..1, …).
 */
export function validateFault(spec: unknown): FaultSpec {
  // zod types absent optional keys as `T | undefined`; parsed output never adds such keys.
  return FaultSpecSchema.parse(spec) as FaultSpec;
}

/** What to do with one request: wait `delayMs`, then apply `fault` (if any). */
export interface FaultPlan {
  delayMs: number;
  fault: FaultSpec | undefined;
}

/** Whether a request (upper-case method, base-relative path) falls under a method and path prefix. */
export function routeMatches(
  filter: { method?: string; path?: string },
  method: string,
  path: string,
): boolean {
  if (filter.method !== undefined && filter.method.toUpperCase() !== method.toUpperCase()) return false;
  if (filter.path === undefined) return true;
  const prefix = `/${filter.path.replace(/^\/+|\/+$/g, '')}`;
  return prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether the n-th matching request (1-based) gets a fault of this rate; the epsilon absorbs float error. */
function isDue(n: number, rate: number): boolean {
  return Math.floor(n * rate + 1e-9) > Math.floor((n - 1) * rate + 1e-9);
}

interface Entry {
  spec: FaultSpec;
  seen: number;
  applied: number;
}

/**
 * The faults of one sandbox. `rate` is deterministic so tests are stable: with `rate: 0.5` every
 * second matching request gets the fault, with `rate: 0.25` every fourth, and so on.
 */
export class FaultController {
  #entries: Entry[] = [];
  readonly #initial: FaultSpec[];

  /** @throws {@link z.ZodError} for an invalid spec. */
  constructor(initial: readonly FaultSpec[] = []) {
    this.#initial = initial.map(validateFault);
    this.reset();
  }

  /**
   * Adds a fault; it applies from the next request on.
   * @throws {@link z.ZodError} for an invalid spec (unknown kind, rate outside 0..1, …).
   */
  add(spec: FaultSpec): void {
    this.#entries.push({ spec: validateFault(spec), seen: 0, applied: 0 });
  }

  /** Removes every fault. */
  clear(): void {
    this.#entries = [];
  }

  /** Restores the faults the sandbox was created with, with fresh counters. */
  reset(): void {
    this.#entries = this.#initial.map((spec) => ({ spec, seen: 0, applied: 0 }));
  }

  /** The faults in force, in the order they were added. */
  list(): FaultSpec[] {
    return this.#entries.map((e) => ({ ...e.spec }));
  }

  /** How many times each fault has been applied, in the order of {@link list}. */
  appliedCounts(): number[] {
    return this.#entries.map((e) => e.applied);
  }

  /**
   * Decides the faults of one request: all matching latencies add up; the first other matching
   * fault that is due wins.
   * @internal
   */
  plan(method: string, path: string): FaultPlan {
    const plan: FaultPlan = { delayMs: 0, fault: undefined };
    for (const entry of this.#entries) {
      const { spec } = entry;
      if (!routeMatches(spec, method, path)) continue;
      if (spec.kind !== 'latency' && plan.fault) continue;
      if (spec.times !== undefined && entry.applied >= spec.times) continue;
      entry.seen += 1;
      if (!isDue(entry.seen, spec.rate ?? 1)) continue;
      entry.applied += 1;
      if (spec.kind === 'latency') plan.delayMs += spec.ms ?? 1000;
      else plan.fault = spec;
    }
    return plan;
  }
}
