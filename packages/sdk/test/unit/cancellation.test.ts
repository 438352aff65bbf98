import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, TimeoutError } from '../../src/index.js';
import { rejectionOf, signedInClient } from '../support/client.js';
import { failOnUnhandledRejections, fakeFetch, inOrder, json, never } from '../support/fake-fetch.js';
import * as params from '../support/params.js';

failOnUnhandledRejections();
afterEach(() => {
  vi.useRealTimers();
});

describe('timeouts', () => {
  it('throws TimeoutError naming the call and the timeout when an attempt takes too long', async () => {
    const { fetch, requests } = fakeFetch(never);
    const { client } = signedInClient({ fetch, timeout: 20 });
    const error = await rejectionOf(() => client.schemas.create(params.schemaCreate.minimal));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ method: 'POST', path: 'schemas', timeout: 20 });
    expect(error.message).toBe('POST /schemas to http://agent.test:80 timed out after 20 ms');
    expect(requests).toHaveLength(1);
  });

  it('lets a call override the client timeout', async () => {
    const { fetch } = fakeFetch(never);
    const { client } = signedInClient({ fetch, timeout: false });
    const error = await rejectionOf(() => client.credentials.list({}, { timeout: 10 }));
    expect(error).toMatchObject({ name: 'TimeoutError', timeout: 10 });
  });
});

describe('aborting a call', () => {
  it('throws AbortError when the signal fires while the request is in flight', async () => {
    const { fetch, requests } = fakeFetch(never);
    const { client } = signedInClient({ fetch, timeout: false });
    const controller = new AbortController();
    const pending = rejectionOf(() => client.credentials.list({}, { signal: controller.signal }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.message).toBe('GET /credentials was aborted');
  });

  it('throws AbortError without sending when the signal has already fired', async () => {
    const { fetch, requests } = fakeFetch(inOrder(json([])));
    const { client } = signedInClient({ fetch });
    const error = await rejectionOf(() => client.credentials.list({}, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(AbortError);
    expect(requests).toHaveLength(0);
  });

  it('cancels a pending retry: no further request is sent once the signal fires during the backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetch, requests } = fakeFetch(
      inOrder(json({ message: 'busy' }, 503, { 'retry-after': '30' }), json([])),
    );
    const controller = new AbortController();
    const { client } = signedInClient({
      fetch,
      timeout: false,
      hooks: { onRetry: () => queueMicrotask(() => controller.abort()) },
    });
    const error = await rejectionOf(() => client.credentials.list({}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
    await vi.runAllTimersAsync();
    expect(requests).toHaveLength(1);
  });
});
