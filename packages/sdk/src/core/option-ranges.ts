import { RequestValidationError } from './errors.js';
import type { RetryOptions } from './retry.js';

/** The longest delay a Node timer keeps: `setTimeout` fires a longer one at once. */
export const MAX_TIMER_MS = 2_147_483_647;

type Issue = { path: string; message: string };

const inTimerRange = (v: unknown, min: number): v is number =>
  typeof v === 'number' && v >= min && v <= MAX_TIMER_MS;

function timeoutIssue(value: unknown): Issue | undefined {
  if (value === undefined || value === false || inTimerRange(value, 1)) return undefined;
  return { path: 'timeout', message: `must be a number of ms from 1 to ${MAX_TIMER_MS}, or false for none` };
}

function retryIssue(value: unknown): Issue | undefined {
  if (value === undefined || value === false) return undefined;
  if (typeof value === 'number' || typeof value !== 'object' || value === null) {
    if (Number.isSafeInteger(value) && (value as number) >= 0) return undefined;
    return {
      path: 'retry',
      message: 'must be a whole number of retries (0 or more), false, or { limit, … }',
    };
  }
  const { limit, ...delays } = value as RetryOptions;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 0)) {
    return { path: 'retry.limit', message: 'must be a whole number of retries (0 or more)' };
  }
  for (const [name, ms] of Object.entries(delays)) {
    if (ms !== undefined && !inTimerRange(ms, 0)) {
      return { path: `retry.${name}`, message: `must be a number of ms from 0 to ${MAX_TIMER_MS}` };
    }
  }
  return undefined;
}

/**
 * Checks `timeout` and `retry` (of the client when `scope` is `client options`, else of a call):
 * out of range, `NaN` or negative is refused, never clamped or fired at once.
 * @throws {@link RequestValidationError} naming the option (`timeout`, `retry.maxDelay`, …).
 */
export function checkRanges(
  options: { timeout?: unknown; retry?: unknown },
  scope: 'client options' | 'request',
): void {
  const issue = timeoutIssue(options.timeout) ?? retryIssue(options.retry);
  if (issue) {
    throw new RequestValidationError(`Invalid ${scope}: ${issue.path} ${issue.message}`, [issue]);
  }
}
