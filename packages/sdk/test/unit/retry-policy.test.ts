import { describe, expect, it } from 'vitest';
import { isRetryable, parseRetryAfter, resolveRetry, retryDelay } from '../../src/core/retry.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2024-05-01T10:00:00Z');

  it('reads delta-seconds as milliseconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 2 ', now)).toBe(2000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date as the time left until then, never negative', () => {
    expect(parseRetryAfter('Wed, 01 May 2024 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 01 May 2024 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('isRetryable', () => {
  it.each([
    ['GET', { kind: 'status', status: 503, retryAfterMs: undefined }, true],
    ['GET', { kind: 'status', status: 408, retryAfterMs: undefined }, true],
    ['GET', { kind: 'status', status: 404, retryAfterMs: undefined }, false],
    ['GET', { kind: 'network', sent: true }, true],
    ['POST', { kind: 'network', sent: true }, false],
    ['POST', { kind: 'network', sent: false }, true],
    ['POST', { kind: 'status', status: 500, retryAfterMs: 0 }, false],
    ['POST', { kind: 'status', status: 503, retryAfterMs: 0 }, true],
    ['POST', { kind: 'status', status: 503, retryAfterMs: undefined }, false],
    ['POST', { kind: 'status', status: 429, retryAfterMs: 1000 }, true],
    ['POST', { kind: 'timeout' }, false],
  ] as const)('%s after %o: %s', (method, failure, expected) => {
    expect(isRetryable(method, failure)).toBe(expected);
  });
});

describe('retryDelay', () => {
  const policy = resolveRetry({ baseDelay: 100, maxDelay: 300 });
  const failure = { kind: 'network', sent: false } as const;

  it('backs off exponentially with jitter between half and all of the ceiling, capped at maxDelay', () => {
    for (const [attempt, ceiling] of [
      [1, 100],
      [2, 200],
      [3, 300],
      [6, 300],
    ] as const) {
      const delay = retryDelay(attempt, failure, policy) ?? -1;
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });

  it('waits what Retry-After says, or gives up when that exceeds maxRetryAfter', () => {
    const limited = resolveRetry({ maxRetryAfter: 5000 });
    expect(retryDelay(1, { kind: 'status', status: 429, retryAfterMs: 5000 }, limited)).toBe(5000);
    expect(retryDelay(1, { kind: 'status', status: 429, retryAfterMs: 5001 }, limited)).toBeUndefined();
  });

  it('reads a number as the retry limit and false as no retries', () => {
    expect(resolveRetry(5).limit).toBe(5);
    // A negative or fractional number never gets here: the transport refuses it (option-ranges.test.ts).
    expect(resolveRetry(0).limit).toBe(0);
    expect(resolveRetry(false).limit).toBe(0);
    expect(resolveRetry(undefined)).toEqual({
      limit: 2,
      baseDelay: 300,
      maxDelay: 10_000,
      maxRetryAfter: 60_000,
    });
  });
});
