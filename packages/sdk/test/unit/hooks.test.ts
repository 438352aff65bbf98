import { describe, expect, it } from 'vitest';
import {
  AgentClient,
  REDACTED,
  type RequestEvent,
  type ResponseEvent,
  type RetryEvent,
} from '../../src/index.js';
import { rejectionOf, signedInClient, TOKEN } from '../support/client.js';
import { fakeFetch, inOrder, json } from '../support/fake-fetch.js';
import * as params from '../support/params.js';
import { DID, didDocument, signInResult } from '../support/records.js';
import { BASE_URL } from '../support/server.js';

/** Hooks that remember every event they see. */
function recorder() {
  const events = {
    request: [] as RequestEvent[],
    response: [] as ResponseEvent[],
    retry: [] as RetryEvent[],
  };
  const hooks = {
    onRequest: (e: RequestEvent) => events.request.push(e),
    onResponse: (e: ResponseEvent) => events.response.push(e),
    onRetry: (e: RetryEvent) => events.retry.push(e),
  };
  return { events, hooks };
}

describe('transport hooks', () => {
  it('see the sign-in request and answer with the password and token redacted', async () => {
    const { events, hooks } = recorder();
    const { fetch } = fakeFetch(inOrder(json(signInResult())));
    await new AgentClient({ baseUrl: BASE_URL, fetch, hooks }).auth.signIn(params.signIn.minimal);
    expect(events.request).toEqual([
      {
        method: 'POST',
        url: `${BASE_URL}/auth/signin`,
        attempt: 1,
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: { email: 'issuer@example.com', password: REDACTED, isPasskey: false },
      },
    ]);
    expect(events.response[0]).toMatchObject({
      status: 200,
      attempt: 1,
      body: { ...signInResult(), access_token: REDACTED },
    });
  });

  it('see the Authorization header redacted', async () => {
    const { events, hooks } = recorder();
    const { fetch } = fakeFetch(inOrder(json([])));
    await signedInClient({ fetch, hooks }).client.credentials.list({ state: 'done' });
    expect(events.request[0]?.headers['authorization']).toBe(REDACTED);
    expect(events.request[0]?.url).toBe(`${BASE_URL}/credentials?state=done`);
    expect(JSON.stringify(events)).not.toContain(TOKEN);
  });

  it('see the DID seed and private key redacted', async () => {
    const { events, hooks } = recorder();
    const { fetch } = fakeFetch(inOrder(json({ did: DID, didDocument: didDocument() })));
    await signedInClient({ fetch, hooks }).client.dids.write(params.didWrite.full);
    expect(events.request[0]?.body).toEqual({
      ...params.didWrite.full,
      seed: REDACTED,
      privatekey: REDACTED,
    });
  });

  it('never see the token, even when an error body echoes it', async () => {
    const { events, hooks } = recorder();
    const echo = { message: `token ${TOKEN} rejected` };
    const { fetch } = fakeFetch(inOrder(json(echo, 503, { 'retry-after': '0' }), json(echo, 400)));
    await rejectionOf(() => signedInClient({ fetch, hooks }).client.credentials.list());
    expect(events.response.map((e) => e.body)).toEqual([
      { message: `token ${REDACTED} rejected` },
      { message: `token ${REDACTED} rejected` },
    ]);
    expect(JSON.stringify(events)).not.toContain(TOKEN);
  });

  it('number the attempts of a retried call and report the retry', async () => {
    const { events, hooks } = recorder();
    const { fetch } = fakeFetch(inOrder(json({ message: 'busy' }, 503, { 'retry-after': '0' }), json([])));
    await signedInClient({ fetch, hooks }).client.credentials.list();
    expect(events.request.map((e) => e.attempt)).toEqual([1, 2]);
    expect(events.response.map((e) => [e.attempt, e.status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    expect(events.retry).toEqual([
      { method: 'GET', url: `${BASE_URL}/credentials`, attempt: 1, delayMs: 0, reason: 'busy' },
    ]);
  });

  it('see the 401 that made the client sign in again', async () => {
    const { events, hooks } = recorder();
    const { fetch } = fakeFetch(
      inOrder(json({ message: 'Unauthorized' }, 401), json(signInResult()), json([])),
    );
    const client = new AgentClient({
      baseUrl: BASE_URL,
      fetch,
      hooks,
      accessToken: TOKEN,
      credentials: params.signIn.minimal,
    });
    await client.credentials.list();
    expect(events.response.map((e) => `${e.status} ${e.url} #${e.attempt}`)).toEqual([
      `401 ${BASE_URL}/credentials #1`,
      `200 ${BASE_URL}/auth/signin #1`,
      `200 ${BASE_URL}/credentials #2`,
    ]);
  });

  it('cannot fail the call by throwing', async () => {
    const boom = () => {
      throw new Error('observer failed');
    };
    const { fetch } = fakeFetch(inOrder(json([])));
    const hooks = { onRequest: boom, onResponse: boom, onRetry: boom };
    expect(await signedInClient({ fetch, hooks }).client.credentials.list()).toEqual([]);
  });
});
