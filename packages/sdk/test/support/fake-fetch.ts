import { afterEach, beforeEach, expect } from 'vitest';
import { FETCH_REPORTS_IN_CALL } from '../../src/core/transport/wire-watch.js';

/** Answers one request of a {@link fakeFetch}; may throw or reject to simulate a network failure. */
export type Script = (request: Request, index: number) => Response | Promise<Response>;

/** An injected `fetch` that records each request it sends and answers from `script`. */
export function fakeFetch(script: Script) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    // Like the real fetch: an already aborted request never leaves the process.
    if (request.signal.aborted) throw request.signal.reason;
    requests.push(request.clone());
    return script(request, requests.length - 1);
  };
  // It stands for Node's fetch, whose failures before the connection (ECONNREFUSED) are "not sent":
  // marked, as a fetch whose reports and codes the SDK may trust (FETCH_REPORTS_IN_CALL).
  return {
    fetch: Object.assign(fetch, { [FETCH_REPORTS_IN_CALL]: true }) as typeof globalThis.fetch,
    requests,
  };
}

/** A script that gives the n-th answer to the n-th request, repeating the last one. */
export function inOrder(...answers: Array<() => Response | Promise<Response>>): Script {
  return (_request, index) => {
    const answer = answers[Math.min(index, answers.length - 1)];
    if (!answer) throw new Error('inOrder needs at least one answer');
    return answer();
  };
}

/** A JSON answer. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): () => Response {
  return () => Response.json(body, { status, headers });
}

/** The `TypeError` undici throws when a connection fails with the given system error code. */
export function networkFailure(code: 'ECONNREFUSED' | 'ECONNRESET'): () => never {
  return () => {
    throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
  };
}

/** An answer that never comes; rejects like fetch does when the request's signal aborts. */
export function never(request: Request): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });
}

/** Fails the test when a promise rejection went unhandled while it ran. */
export function failOnUnhandledRejections(): void {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  beforeEach(() => {
    seen.length = 0;
    process.on('unhandledRejection', listener);
  });
  afterEach(async () => {
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', listener);
    expect(seen).toEqual([]);
  });
}
