import * as z from 'zod/mini';
import type { RequestValidationError } from '../errors.js';
import { MAX_RESPONSE_BYTES_LIMIT } from '../transport/body.js';
import { parseRequest } from './parse.js';

/** The longest delay a Node timer keeps: `setTimeout` fires a longer one at once. */
export const MAX_TIMER_MS = 2_147_483_647;

const ms = (min: number) => z.number().check(z.gte(min), z.lte(MAX_TIMER_MS));
const count = z.number().check(z.int(), z.nonnegative());

/** `timeout`, `retry` and `maxResponseBytes` in range: no timer that fires at once, no `NaN`, nothing negative. */
const Ranges = z.partial(
  z.object({
    // Past the longest string there is, a body would pass the cap and then fail to be read.
    maxResponseBytes: z
      .number()
      .check(
        z.int({ abort: true }),
        z.positive(),
        z.lte(
          MAX_RESPONSE_BYTES_LIMIT,
          `must be at most ${MAX_RESPONSE_BYTES_LIMIT} (the longest string JavaScript can hold)`,
        ),
      ),
    timeout: z.union([ms(1), z.literal(false)]),
    retry: z.union([
      count,
      z.literal(false),
      z.partial(z.object({ limit: count, baseDelay: ms(0), maxDelay: ms(0), maxRetryAfter: ms(0) })),
    ]),
  }),
);

/**
 * Checks `timeout` and `retry` of the client or of a call: out of range, `NaN` or negative is
 * refused, never clamped or fired at once.
 * @throws {@link RequestValidationError} naming the option (`timeout`, `retry.maxDelay`, …).
 */
export function checkRanges(options: {
  timeout?: unknown;
  retry?: unknown;
  maxResponseBytes?: unknown;
}): void {
  const { timeout, retry, maxResponseBytes } = options;
  // Most calls set none of them or turn one off (a bulk send's every request says `retry: false`).
  const unset = (value: unknown) => value === undefined || value === false;
  if (unset(timeout) && unset(retry) && maxResponseBytes === undefined) return;
  parseRequest(Ranges, { timeout, retry, maxResponseBytes });
}
