import { describe, expect, it } from 'vitest';
import { AgentClient, AuthenticationError, isExpired, MemoryTokenStore } from '../../src/index.js';
import { rejectionOf } from '../support/client.js';
import { failOnUnhandledRejections, fakeFetch, json, type Script } from '../support/fake-fetch.js';
import * as params from '../support/params.js';
import { signInResult } from '../support/records.js';
import { BASE_URL } from '../support/server.js';

failOnUnhandledRejections();

const FRESH = 'tok-issued-by-signin-7f3a';

/** A fake service: sign-in issues {@link FRESH}; `/credentials` accepts only {@link FRESH}. */
function service(
  signIn: () => Response = json({ statusCode: 200, message: 'ok', data: signInResult() }),
): Script {
  return (request) => {
    if (request.url.endsWith('/auth/signin')) return signIn();
    const ok = request.headers.get('authorization') === `Bearer ${FRESH}`;
    return ok ? json([])() : json({ statusCode: 401, message: 'Unauthorized' }, 401)();
  };
}

const paths = (requests: Request[]) =>
  requests.map((r) => `${r.method} ${new URL(r.url).pathname} ${r.headers.get('authorization')}`);

describe('a client without credentials', () => {
  it("refuses to send without a token, with reason 'missing-token'", async () => {
    const { fetch, requests } = fakeFetch(service());
    const error = await rejectionOf(() => new AgentClient({ baseUrl: BASE_URL, fetch }).credentials.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ reason: 'missing-token', status: 401, method: 'GET', path: 'credentials' });
    expect(requests).toHaveLength(0);
  });

  it("refuses to send an expired token, with reason 'expired-token', and forgets it", async () => {
    const { fetch, requests } = fakeFetch(service());
    const tokenStore = new MemoryTokenStore({
      accessToken: FRESH,
      tokenType: 'Bearer',
      expiresAt: Date.now() - 1000,
    });
    const error = await rejectionOf(() =>
      new AgentClient({ baseUrl: BASE_URL, fetch, tokenStore }).credentials.list(),
    );
    expect(error).toMatchObject({ name: 'AuthenticationError', reason: 'expired-token' });
    expect(requests).toHaveLength(0);
    expect(tokenStore.get()).toBeUndefined();
  });

  it('sends the token given as accessToken', async () => {
    const { fetch, requests } = fakeFetch(service());
    await new AgentClient({ baseUrl: BASE_URL, fetch, accessToken: FRESH }).credentials.list();
    expect(paths(requests)).toEqual([`GET /credentials Bearer ${FRESH}`]);
  });

  it("forgets the token after a 401, so the next call fails with 'missing-token' without sending", async () => {
    const { fetch, requests } = fakeFetch(service());
    const client = new AgentClient({ baseUrl: BASE_URL, fetch, accessToken: 'tok-revoked-0000' });
    expect(await rejectionOf(() => client.credentials.list())).toMatchObject({ reason: 'rejected' });
    expect(await rejectionOf(() => client.credentials.list())).toMatchObject({ reason: 'missing-token' });
    expect(requests).toHaveLength(1);
  });

  it('computes the expiry from expires_in seconds', async () => {
    const { fetch } = fakeFetch(json(signInResult({ expires_in: 3600 })));
    const tokenStore = new MemoryTokenStore();
    const before = Date.now();
    await new AgentClient({ baseUrl: BASE_URL, fetch, tokenStore }).auth.signIn(params.signIn.minimal);
    const expiresAt = tokenStore.get()?.expiresAt ?? 0;
    expect(expiresAt - 3_600_000).toBeGreaterThanOrEqual(before);
    expect(expiresAt - 3_600_000).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    ['null', null],
    ['absent', undefined],
  ])('reads expires_in %s as no expiry known', async (_what, value) => {
    const { fetch } = fakeFetch(json(signInResult({ expires_in: value as unknown as number })));
    const tokenStore = new MemoryTokenStore();
    const client = new AgentClient({ baseUrl: BASE_URL, fetch, tokenStore });
    const result = await client.auth.signIn(params.signIn.minimal);
    expect(result.expires_in).toBeUndefined();
    expect(tokenStore.get()).toMatchObject({ accessToken: result.access_token, expiresAt: undefined });
    expect(await client.auth.session()).toMatchObject({ expiresAt: undefined, expired: false });
  });
});

describe('a client with a credentials provider', () => {
  const withCredentials = (fetch: typeof globalThis.fetch, accessToken?: string) =>
    new AgentClient({
      baseUrl: BASE_URL,
      fetch,
      credentials: params.signIn.minimal,
      ...(accessToken ? { accessToken } : {}),
    });

  it('signs in by itself before the first call', async () => {
    const { fetch, requests } = fakeFetch(service());
    await withCredentials(fetch).credentials.list();
    expect(paths(requests)).toEqual(['POST /auth/signin null', `GET /credentials Bearer ${FRESH}`]);
    expect(await requests[0]?.json()).toEqual({ ...params.signIn.minimal, isPasskey: false });
  });

  it('signs in only once for concurrent calls', async () => {
    const { fetch, requests } = fakeFetch(service());
    const client = withCredentials(fetch);
    await Promise.all([client.credentials.list(), client.credentials.list(), client.credentials.list()]);
    expect(paths(requests).filter((p) => p.startsWith('POST /auth/signin'))).toHaveLength(1);
    expect(requests).toHaveLength(4);
  });

  it('signs in again and retries once after a 401', async () => {
    const { fetch, requests } = fakeFetch(service());
    await withCredentials(fetch, 'tok-stale-1111').credentials.list();
    expect(paths(requests)).toEqual([
      'GET /credentials Bearer tok-stale-1111',
      'POST /auth/signin null',
      `GET /credentials Bearer ${FRESH}`,
    ]);
  });

  it('gives up with AuthenticationError when the retried call is refused again', async () => {
    const { fetch, requests } = fakeFetch((request) =>
      request.url.endsWith('/auth/signin')
        ? json(signInResult())()
        : json({ message: 'Unauthorized' }, 401)(),
    );
    const error = await rejectionOf(() => withCredentials(fetch, 'tok-stale-1111').credentials.list());
    expect(error).toMatchObject({ name: 'AuthenticationError', reason: 'rejected' });
    expect(requests).toHaveLength(3);
  });

  it('signs in instead of failing when the stored token has expired', async () => {
    const { fetch, requests } = fakeFetch(service());
    const tokenStore = new MemoryTokenStore({
      accessToken: 'tok-old-2222',
      tokenType: 'Bearer',
      expiresAt: 0,
    });
    await new AgentClient({
      baseUrl: BASE_URL,
      fetch,
      tokenStore,
      credentials: params.signIn.minimal,
    }).credentials.list();
    expect(paths(requests)).toEqual(['POST /auth/signin null', `GET /credentials Bearer ${FRESH}`]);
  });

  it('asks a provider function for the credentials and keeps its password out of errors', async () => {
    const password = 'provider-secret-pw';
    const { fetch } = fakeFetch(
      service(json({ statusCode: 401, message: `wrong password ${password}` }, 401)),
    );
    const client = new AgentClient({
      baseUrl: BASE_URL,
      fetch,
      credentials: async () => ({ email: 'issuer@example.com', password }),
    });
    const error = await rejectionOf(() => client.credentials.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toBe('wrong password [REDACTED]');
  });
});

describe('the expiry margin (issue 20, item 8)', () => {
  const at = 1_000_000_000;
  const token = (lifetimeMs: number, issuedKnown = true) => ({
    accessToken: 't',
    tokenType: 'Bearer',
    expiresAt: at + lifetimeMs,
    issuedAt: issuedKnown ? at : undefined,
  });

  it('is 30 s for a long-lived token, and for one whose issue time is unknown', () => {
    expect(isExpired(token(3_600_000), at + 3_600_000 - 30_001)).toBe(false);
    expect(isExpired(token(3_600_000), at + 3_600_000 - 30_000)).toBe(true);
    expect(isExpired(token(10_000, false), at)).toBe(true);
  });

  it('is a tenth of the lifetime of a token that lives less than 300 s', () => {
    expect(isExpired(token(10_000), at)).toBe(false);
    expect(isExpired(token(10_000), at + 8_999)).toBe(false);
    expect(isExpired(token(10_000), at + 9_000)).toBe(true);
    expect(isExpired(token(0), at)).toBe(true);
  });

  it('signIn records when the token was issued', async () => {
    const store = new MemoryTokenStore();
    const { fetch } = fakeFetch(json(signInResult({ expires_in: 10 })));
    const client = new AgentClient({ baseUrl: BASE_URL, fetch, tokenStore: store });
    await client.auth.signIn(params.signIn.minimal);
    const stored = store.get();
    expect(stored?.expiresAt).toBe((stored?.issuedAt ?? 0) + 10_000);
    expect((await client.auth.session())?.expired).toBe(false);
  });
});
