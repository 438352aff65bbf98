import { describe, expect, it } from 'vitest';
import { path } from '../../src/core/transport/path.js';
import { AgentClient, RequestValidationError } from '../../src/index.js';
import { rejectionOf } from '../support/client.js';
import { fakeFetch, json } from '../support/fake-fetch.js';

describe('AgentClient options', () => {
  it('keeps a path prefix of the base URL, with or without a trailing slash', async () => {
    for (const baseUrl of ['http://agent.test/api/', 'http://agent.test/api']) {
      const { fetch, requests } = fakeFetch(json([]));
      await new AgentClient({ baseUrl, fetch, accessToken: 'tok-prefix-test' }).credentials.list();
      expect(requests[0]?.url).toBe('http://agent.test/api/credentials');
    }
  });

  it.each(['agent.test', 'ftp://agent.test', '', 'http//broken'])('refuses the base URL %j', (baseUrl) => {
    expect(() => new AgentClient({ baseUrl })).toThrow(RequestValidationError);
  });

  it('sends extra per-call headers', async () => {
    const { fetch, requests } = fakeFetch(json([]));
    const client = new AgentClient({ baseUrl: 'http://agent.test', fetch, accessToken: 'tok-headers-test' });
    await client.credentials.list({}, { headers: { 'x-request-id': 'r-1' } });
    expect(requests[0]?.headers.get('x-request-id')).toBe('r-1');
  });

  it('refuses org() without an id when there is no default organisation', async () => {
    const error = await rejectionOf(async () => new AgentClient({ baseUrl: 'http://agent.test' }).org());
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'orgId', message: 'is required (pass it to org() or set orgId on the client)', code: 'custom' },
    ]);
  });
});

describe('the path tag', () => {
  it('percent-encodes each segment', () => {
    expect(path`oob/${'a/b?c#d'}/accept-invitation`).toBe('oob/a%2Fb%3Fc%23d/accept-invitation');
  });

  it.each(['', '.', '..'])('refuses the segment %j', (segment) => {
    expect(() => path`oob/${segment}`).toThrow(RequestValidationError);
  });
});
