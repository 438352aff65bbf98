import { describe, expect, it } from 'vitest';
import {
  AgentClient,
  type AgentClientOptions,
  AuthenticationError,
  MemoryTokenStore,
  type RequestEvent,
  RequestValidationError,
} from '../../src/index.js';
import { rejectionOf } from '../support/client.js';
import { fakeFetch, type Script } from '../support/fake-fetch.js';
import { ORG_ID, orgEnvelope, signInResult } from '../support/records.js';

const KEY = 'agent-raw-api-key-31f0';
const TOKEN = 'tok-issued-by-signin-7f3a';

/** Answers sign-in, org calls and agent calls; a 401 when the agent does not get its raw key. */
const deployment: Script = (request) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/auth/signin')) return Response.json(signInResult());
  if (url.pathname.includes('/orgs/')) return Response.json(orgEnvelope({ id: 'proof-1' }), { status: 201 });
  if (url.host === 'agent.test' && request.headers.get('authorization') !== KEY) {
    return Response.json(
      { message: `Unauthorized: ${request.headers.get('authorization')}` },
      { status: 401 },
    );
  }
  return Response.json([]);
};

function split(
  agent: Partial<NonNullable<AgentClientOptions['agent']>> = {},
  extra: Partial<AgentClientOptions> = {},
) {
  const faked = fakeFetch(deployment);
  const client = new AgentClient({
    baseUrl: 'http://platform.test/v1',
    // Line 2.0 (the key on every route) is set: no detection request (tests/agent-lines covers it).
    agent: { baseUrl: 'http://agent.test', apiKey: KEY, line: '2.0', ...agent },
    fetch: faked.fetch,
    retry: false,
    ...extra,
  });
  const sent = () => faked.requests.map((r) => `${r.method} ${r.url} ${r.headers.get('authorization')}`);
  return { client, sent };
}

describe('a split deployment', () => {
  it('sends platform routes with the bearer token and agent routes with the raw API key', async () => {
    const { client, sent } = split();
    await client.auth.signIn({ email: 'issuer@example.com', password: 'demo-password' });
    await client.credentials.list({ state: 'done' });
    await client.oob.get('oob-1').catch(() => undefined);
    await client.request({
      method: 'POST',
      path: '/credentials/accept-offer',
      body: { credentialRecordId: 'c-1' },
    });
    await client.request({ method: 'GET', path: `/orgs/${ORG_ID}/anything` });
    expect(sent()).toEqual([
      'POST http://platform.test/v1/auth/signin null',
      `GET http://agent.test/credentials?state=done ${KEY}`,
      `GET http://agent.test/oob/oob-1 ${KEY}`,
      `POST http://agent.test/credentials/accept-offer ${KEY}`,
      `GET http://platform.test/v1/orgs/${ORG_ID}/anything Bearer ${TOKEN}`,
    ]);
  });

  it('sends the key as a bearer token when asked to', async () => {
    const { client, sent } = split({ scheme: 'bearer' });
    await rejectionOf(() => client.credentials.list());
    expect(sent()).toEqual([`GET http://agent.test/credentials Bearer ${KEY}`]);
  });

  it('keeps the platform token after an agent 401 and keeps the key out of the error and hooks', async () => {
    const events: RequestEvent[] = [];
    const tokenStore = new MemoryTokenStore({ accessToken: TOKEN, tokenType: 'Bearer' });
    const { client } = split(
      { scheme: 'bearer' },
      { tokenStore, hooks: { onRequest: (e) => events.push(e) } },
    );
    const error = await rejectionOf(() => client.credentials.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toBe(
      'The agent refused its API key at GET /credentials: Unauthorized: Bearer [REDACTED]',
    );
    expect(tokenStore.get()?.accessToken).toBe(TOKEN);
    expect(JSON.stringify(events)).not.toContain(KEY);
  });

  it('sends agent routes with the platform token when the agent has no key of its own', async () => {
    const faked = fakeFetch(() => Response.json([]));
    const client = new AgentClient({
      baseUrl: 'http://platform.test',
      agent: { baseUrl: 'http://agent.test' },
      accessToken: TOKEN,
      fetch: faked.fetch,
    });
    await client.credentials.list();
    expect(faked.requests[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(faked.requests[0]?.url).toBe('http://agent.test/credentials');
  });

  it.each([
    [{ baseUrl: 'agent.test' }, 'agent.baseUrl'],
    [{ baseUrl: 'http://agent.test', apiKey: '' }, 'agent.apiKey'],
    [{ baseUrl: 'http://agent.test', apiKey: 'k', scheme: 'basic' }, 'agent.scheme'],
  ])('refuses the agent option %j naming %s', (agent, path) => {
    const make = () => new AgentClient({ baseUrl: 'http://platform.test', agent: agent as never });
    expect(make).toThrow(RequestValidationError);
    expect(make).toThrow(path);
  });
});
