import { describe, expect, it } from 'vitest';
import { ConnectionError, RateLimitError, type RetryEvent, ServerError } from '../../src/index.js';
import { rejectionOf, signedInClient } from '../support/client.js';
import {
  failOnUnhandledRejections,
  fakeFetch,
  inOrder,
  json,
  networkFailure,
} from '../support/fake-fetch.js';
import * as params from '../support/params.js';
import { credentialRecord, schemaFlat } from '../support/records.js';

failOnUnhandledRejections();

const unavailable = (retryAfter?: string) =>
  json({ message: 'busy' }, 503, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
const rateLimited = (retryAfter?: string) =>
  json({ message: 'slow down' }, 429, retryAfter === undefined ? {} : { 'retry-after': retryAfter });

describe('retries of GET requests', () => {
  it('retries after a 503 with Retry-After and waits the time the server asked for', async () => {
    const { fetch, requests } = fakeFetch(inOrder(unavailable('0'), json([credentialRecord()])));
    const retries: RetryEvent[] = [];
    const { client } = signedInClient({ fetch, hooks: { onRetry: (e) => retries.push(e) } });
    expect(await client.credentials.list()).toEqual([credentialRecord()]);
    expect(requests).toHaveLength(2);
    expect(retries).toEqual([
      { method: 'GET', url: 'http://agent.test/credentials', attempt: 1, delayMs: 0, reason: 'busy' },
    ]);
  });

  it('retries after a connection reset', async () => {
    const { fetch, requests } = fakeFetch(inOrder(networkFailure('ECONNRESET'), json([])));
    const { client } = signedInClient({ fetch });
    expect(await client.credentials.list()).toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it('gives up after the retry limit and throws the last ServerError', async () => {
    const { fetch, requests } = fakeFetch(inOrder(unavailable()));
    const { client } = signedInClient({ fetch, retry: { limit: 2, baseDelay: 1 } });
    const error = await rejectionOf(() => client.credentials.list());
    expect(error).toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(3);
  });

  it('does not retry at all when retries are turned off', async () => {
    const { fetch, requests } = fakeFetch(inOrder(unavailable('0')));
    const { client } = signedInClient({ fetch, retry: false });
    await rejectionOf(() => client.credentials.list());
    expect(requests).toHaveLength(1);
  });

  it('throws RateLimitError with retryAfter when Retry-After exceeds maxRetryAfter', async () => {
    const { fetch, requests } = fakeFetch(inOrder(rateLimited('120')));
    const { client } = signedInClient({ fetch, retry: { baseDelay: 1, maxRetryAfter: 60_000 } });
    const error = await rejectionOf(() => client.credentials.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 120, message: 'slow down' });
    expect(requests).toHaveLength(1);
  });

  it('does not retry a 404', async () => {
    const { fetch, requests } = fakeFetch(inOrder(json({ message: 'nope' }, 404)));
    await rejectionOf(() => signedInClient({ fetch }).client.oob.get('x'));
    expect(requests).toHaveLength(1);
  });
});

describe('retries of POST requests', () => {
  const post = (fetch: typeof globalThis.fetch) =>
    signedInClient({ fetch }).client.schemas.create(params.schemaCreate.minimal);

  it('does not repeat a POST after a 500', async () => {
    const { fetch, requests } = fakeFetch(inOrder(json({ message: 'boom' }, 500), json(schemaFlat())));
    const error = await rejectionOf(() => post(fetch));
    expect(error).toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(1);
  });

  it('does not repeat a POST after a connection reset, which may have reached the server', async () => {
    const { fetch, requests } = fakeFetch(inOrder(networkFailure('ECONNRESET'), json(schemaFlat())));
    const error = await rejectionOf(() => post(fetch));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ sent: true, method: 'POST', path: 'schemas' });
    expect(requests).toHaveLength(1);
  });

  it('repeats a POST whose connection was refused before anything was sent', async () => {
    const { fetch, requests } = fakeFetch(inOrder(networkFailure('ECONNREFUSED'), json(schemaFlat())));
    expect((await post(fetch)).state).toBe('finished');
    expect(requests).toHaveLength(2);
  });

  it('throws ConnectionError with sent false when the connection stays refused', async () => {
    const { fetch, requests } = fakeFetch(inOrder(networkFailure('ECONNREFUSED')));
    const error = await rejectionOf(() => post(fetch));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({
      sent: false,
      message: 'Could not reach http://agent.test:80 (POST /schemas): ECONNREFUSED',
    });
    expect(requests).toHaveLength(3);
  });

  it("does not repeat a POST refused by a fetch the SDK cannot vouch for (its code may be another host's)", async () => {
    // helper-65: a fail-over fetch whose first host read the POST and reset, and whose second host
    // refused, threw ECONNREFUSED: the POST was taken as never sent and sent three times.
    const { fetch: marked, requests } = fakeFetch(
      inOrder(networkFailure('ECONNREFUSED'), json(schemaFlat())),
    );
    const unmarked = ((input: RequestInfo | URL, init?: RequestInit) => marked(input, init)) as typeof fetch;
    const error = await rejectionOf(() => post(unmarked));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ sent: true, method: 'POST', path: 'schemas' });
    // Nothing says it left, or that it did not: the message does not claim it was sent.
    expect(error.message).toBe(
      'POST /schemas to http://agent.test:80 failed, and may have been sent and processed (ECONNREFUSED)',
    );
    expect(requests).toHaveLength(1);
  });

  it('repeats a POST answered 429 with Retry-After', async () => {
    const { fetch, requests } = fakeFetch(inOrder(rateLimited('0'), json(schemaFlat())));
    expect((await post(fetch)).state).toBe('finished');
    expect(requests).toHaveLength(2);
  });

  it('does not repeat a POST answered 429 without Retry-After', async () => {
    const { fetch, requests } = fakeFetch(inOrder(rateLimited(), json(schemaFlat())));
    const error = await rejectionOf(() => post(fetch));
    expect(error).toMatchObject({ name: 'RateLimitError', retryAfter: undefined });
    expect(requests).toHaveLength(1);
  });

  it('repeats a POST answered 503 with Retry-After but not one answered 503 without it', async () => {
    const withHeader = fakeFetch(inOrder(unavailable('0'), json(schemaFlat())));
    await post(withHeader.fetch);
    const without = fakeFetch(inOrder(unavailable(), json(schemaFlat())));
    await rejectionOf(() => post(without.fetch));
    expect([withHeader.requests.length, without.requests.length]).toEqual([2, 1]);
  });
});
