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

  // helper-77 (F1): the base as typed was compared with the URL as normalised.
  it.for([
    'http://H/api/v1',
    'HTTP://h/api/v1/',
    'http://h:80/api/v1',
    'http://h/x/../api/v1',
    'http://h/api/./v1//',
  ])('takes the base URL %s as the URL it stands for', async (base) => {
    expect(await seen(200, 'POST', 'http://h/api/v1/auth/signin', [base])).toEqual([]);
    expect(await seen(200, 'POST', 'http://h/api/v1/schemas', [base])).toEqual(['POST /schemas']);
  });

  // helper-77 (F2): the base URL came first and an agent URL under it lost its own prefix.
  it('takes the longest base a URL is under', async () => {
    const bases = ['http://h', 'http://h/ag'];
    expect(await seen(200, 'POST', 'http://h/ag/agent/token', bases)).toEqual([]);
    expect(await seen(200, 'POST', 'http://h/ag/anoncreds/schemas', bases)).toEqual([
      'POST /anoncreds/schemas',
    ]);
    expect(await seen(200, 'POST', 'http://h/agent/token', bases.reverse())).toEqual([]);
  });

  it('leaves out reads, failures and signing in', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(await seen(200, method, 'http://h/api/v1/credentials')).toEqual([]);
    for (const status of [301, 400, 409, 500])
      expect(await seen(status, 'POST', 'http://h/api/v1/schemas')).toEqual([]);
    // The platform's routes (Express) ignore case and a trailing slash; a path's encoding is undone.
    const spellings = ['auth/signin/', 'AUTH/SignIn', 'auth//signin', '%61gent/token'];
    for (const path of ['auth/signin', 'agent/token', 'multi-tenancy/get-token/t1', ...spellings])
      expect(await seen(200, 'POST', `http://h/api/v1/${path}`)).toEqual([]);
  });

  // helper-78 (F3): no router splits a segment on an encoded slash: /auth%2Fsignin is another route.
  it('names a request whose path only looks like a sign-in once decoded whole', async () => {
    expect(await seen(200, 'POST', 'http://h/api/v1/auth%2Fsignin')).toEqual(['POST /auth%2Fsignin']);
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
