import { FETCH_REPORTS_IN_CALL } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { mayHaveActed, watchChanges } from '../../src/http/changes.js';

/** A `fetch` answering every request with `status`. */
const answering = (status: number) => async () => new Response(null, { status });

async function seen(status: number, method: string, url: string, bases = ['http://h/api/v1']) {
  const carriedOut: string[] = [];
  await watchChanges(answering(status), bases, (r) => carriedOut.push(r))(new Request(url, { method }));
  return carriedOut;
}

describe('watchChanges', () => {
  it('names a request the service answered with a 2xx by its path under the base URL, without the query', async () => {
    expect(await seen(201, 'POST', 'http://h/api/v1/schemas?x=secret')).toEqual(['POST /schemas']);
    expect(await seen(200, 'delete', 'http://h/api/v1/orgs/o/x')).toEqual(['DELETE /orgs/o/x']);
  });

  it('takes the agent URL as a base too, and the whole path of a URL under neither', async () => {
    const bases = ['http://h/api/v1', 'http://agent:8080/'];
    expect(await seen(200, 'POST', 'http://agent:8080/didcomm/oob/1/accept', bases)).toEqual([
      'POST /didcomm/oob/1/accept',
    ]);
    expect(await seen(200, 'POST', 'http://elsewhere/api/v1/schemas', bases)).toEqual([
      'POST /api/v1/schemas',
    ]);
    // A base is a path prefix by whole segments: /api/v10 is not under /api/v1.
    expect(await seen(200, 'POST', 'http://h/api/v10/schemas', bases)).toEqual(['POST /api/v10/schemas']);
  });

  it('leaves out reads, failures and signing in', async () => {
    expect(await seen(200, 'GET', 'http://h/api/v1/credentials')).toEqual([]);
    expect(await seen(200, 'HEAD', 'http://h/api/v1/credentials')).toEqual([]);
    for (const status of [301, 400, 409, 500])
      expect(await seen(status, 'POST', 'http://h/api/v1/schemas')).toEqual([]);
    for (const path of ['auth/signin', 'agent/token', 'multi-tenancy/get-token/t1'])
      expect(await seen(200, 'POST', `http://h/api/v1/${path}`)).toEqual([]);
  });

  it('keeps the promise of the fetch it wraps: it reports within the call', () => {
    expect(
      (watchChanges(answering(200), [], () => undefined) as { [FETCH_REPORTS_IN_CALL]?: true })[
        FETCH_REPORTS_IN_CALL
      ],
    ).toBe(true);
  });
});

describe('mayHaveActed', () => {
  it('is the same judgement for a path with or without its leading slash', () => {
    expect([mayHaveActed('POST', '/auth/signin'), mayHaveActed('POST', 'auth/signin')]).toEqual([
      false,
      false,
    ]);
    expect([mayHaveActed('POST', '/schemas'), mayHaveActed('PUT', 'schemas')]).toEqual([true, true]);
  });
});
