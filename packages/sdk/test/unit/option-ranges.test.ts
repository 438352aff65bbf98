import { describe, expect, it } from 'vitest';
import {
  AgentClient,
  type AgentClientOptions,
  type RequestOptions,
  RequestValidationError,
} from '../../src/index.js';
import { rejectionOf } from '../support/client.js';
import { fakeFetch, json } from '../support/fake-fetch.js';

/** Beyond this `setTimeout` fires at once (Node turns it into 1 ms). */
const MAX = 2 ** 31 - 1;

const BAD_TIMEOUTS: unknown[] = [MAX + 1, 1e12, Number.POSITIVE_INFINITY, Number.NaN, -1, 0, '100', true];
const BAD_RETRIES: [unknown, string][] = [
  [-1, 'retry'],
  [Number.NaN, 'retry'],
  [1.5, 'retry'],
  [Number.POSITIVE_INFINITY, 'retry'],
  [true, 'retry'],
  ['2', 'retry'],
  [{ limit: -1 }, 'retry.limit'],
  [{ limit: Number.NaN }, 'retry.limit'],
  [{ baseDelay: Number.NaN }, 'retry.baseDelay'],
  [{ baseDelay: -5 }, 'retry.baseDelay'],
  [{ maxDelay: MAX + 1 }, 'retry.maxDelay'],
  [{ maxRetryAfter: 1e12 }, 'retry.maxRetryAfter'],
  [{ maxRetryAfter: -1 }, 'retry.maxRetryAfter'],
];

function constructionError(options: Partial<AgentClientOptions>): unknown {
  try {
    new AgentClient({ baseUrl: 'http://agent.test', ...options } as AgentClientOptions);
  } catch (error) {
    return error;
  }
  return undefined;
}

function expectNamed(error: unknown, path: string): void {
  expect(error).toBeInstanceOf(RequestValidationError);
  expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([path]);
}

describe('client options out of range are refused at construction, naming the option', () => {
  it.each(BAD_TIMEOUTS)('timeout %s', (timeout) => {
    expectNamed(constructionError({ timeout } as Partial<AgentClientOptions>), 'timeout');
  });

  it.each(BAD_RETRIES)('retry %j names %s', (retry, path) => {
    expectNamed(constructionError({ retry } as Partial<AgentClientOptions>), path);
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 53, '1024'])('maxResponseBytes %s', (maxResponseBytes) => {
    expectNamed(constructionError({ maxResponseBytes } as Partial<AgentClientOptions>), 'maxResponseBytes');
  });

  it.each([1, MAX, false, undefined])('timeout %s is accepted', (timeout) => {
    expect(constructionError({ timeout } as Partial<AgentClientOptions>)).toBeUndefined();
  });

  it.each([0, 5, false, { limit: 0, baseDelay: 0, maxDelay: MAX, maxRetryAfter: 0 }])(
    'retry %j is accepted',
    (retry) => {
      expect(constructionError({ retry } as Partial<AgentClientOptions>)).toBeUndefined();
    },
  );
});

describe('per-call options out of range are refused before sending, naming the option', () => {
  const client = () => {
    const { fetch, requests } = fakeFetch(json([]));
    return {
      requests,
      agent: new AgentClient({ baseUrl: 'http://agent.test', fetch, accessToken: 'tok-ranges' }),
    };
  };

  it.each(BAD_TIMEOUTS)('timeout %s', async (timeout) => {
    const { agent, requests } = client();
    const error = await rejectionOf(() => agent.credentials.list({}, { timeout } as { timeout: number }));
    expectNamed(error, 'timeout');
    expect(requests).toHaveLength(0);
  });

  it.each(BAD_RETRIES)('retry %j names %s', async (retry, path) => {
    const { agent, requests } = client();
    const error = await rejectionOf(() =>
      agent.request({ method: 'GET', path: '/credentials' }, { retry } as RequestOptions),
    );
    expectNamed(error, path);
    expect(requests).toHaveLength(0);
  });

  it('the longest timeout a timer keeps does not fire at once', async () => {
    const { agent, requests } = client();
    await expect(agent.credentials.list({}, { timeout: MAX })).resolves.toEqual([]);
    expect(requests).toHaveLength(1);
  });
});
