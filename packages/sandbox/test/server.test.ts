import { AgentClient } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID, DEMO_USER, startSandbox } from '../src/index.js';
import { call } from './support/msw.js';
import { offerParams } from './support/params.js';
import { useRunningSandbox } from './support/server.js';

const ctx = useRunningSandbox();

describe('the loopback server', () => {
  it('listens on 127.0.0.1 on a free port and links records to its own URL', async () => {
    expect(ctx.running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ctx.running.sandbox.baseUrl).toBe(ctx.running.url);
    const agent = new AgentClient({ baseUrl: ctx.running.url, orgId: DEMO_ORG_ID, retry: false });
    await agent.auth.signIn({ email: DEMO_USER.email, password: DEMO_USER.password });
    const { data } = await agent.org().offers.create(offerParams());
    expect(data.invitationUrl?.startsWith(`${ctx.running.url}/invitation?oob=`)).toBe(true);
    expect(data.outOfBandRecord?.outOfBandInvitation?.services?.[0]).toMatchObject({
      serviceEndpoint: `${ctx.running.url}/didcomm`,
    });
  });

  it('answers a CORS preflight from a loopback origin with 204, that origin and the allowed headers', async () => {
    const response = await fetch(`${ctx.running.url}/orgs/${DEMO_ORG_ID}/proofs`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
  });

  it("answers unknown routes with the agent's HTML 404 and counts them", async () => {
    const response = await fetch(`${ctx.running.url}/nowhere?x=1`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<pre>Cannot GET /nowhere</pre>');
    expect(ctx.running.sandbox.requestCount('GET', '/nowhere')).toBe(1);
  });

  it('counts requests by method and path prefix', async () => {
    const token = ctx.running.sandbox.issueToken();
    await call({ baseUrl: ctx.running.url }, '/credentials', { token });
    await call({ baseUrl: ctx.running.url }, '/credentials?state=done', { token });
    await call({ baseUrl: ctx.running.url }, '/oob/1', { token });
    const { sandbox } = ctx.running;
    expect([
      sandbox.requestCount(),
      sandbox.requestCount('get', '/credentials'),
      sandbox.requestCount('POST'),
    ]).toEqual([3, 2, 0]);
  });

  it('forgets records, tokens and counters on reset', async () => {
    const { sandbox } = ctx.running;
    const token = sandbox.issueToken();
    await call({ baseUrl: ctx.running.url }, '/dids/write', {
      token,
      body: { method: 'key', keyType: 'ed25519' },
    });
    sandbox.reset();
    expect([sandbox.state.dids.size, sandbox.requestCount(), sandbox.state.tokens.size]).toEqual([0, 0, 0]);
    expect((await call({ baseUrl: ctx.running.url }, '/credentials', { token })).status).toBe(401);
  });
});

describe('startSandbox options and close', () => {
  it('applies tokenTtlSeconds and initial faults', async () => {
    const running = await startSandbox({
      tokenTtlSeconds: 0,
      faults: [{ kind: 'status', path: '/oob', times: 1 }],
    });
    try {
      const signIn = await call({ baseUrl: running.url }, '/auth/signin', { body: DEMO_USER });
      const { data } = await signIn.json();
      expect(data.expires_in).toBe(0);
      const listed = await call({ baseUrl: running.url }, '/credentials', { token: data.access_token });
      expect(listed.status).toBe(401);
      const oob = await call({ baseUrl: running.url }, '/oob/1', { token: running.sandbox.issueToken() });
      expect(oob.status).toBe(500);
    } finally {
      await running.close();
    }
  });

  it('counts every request relative to a base URL with a path, unknown routes too', async () => {
    const running = await startSandbox({ baseUrl: 'http://agent.test/api' });
    try {
      const api = { baseUrl: `${running.url}/api` };
      const token = running.sandbox.issueToken();
      expect((await call(api, '/credentials', { token })).status).toBe(200);
      const unknown = await call(api, '/nowhere', { token });
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('<pre>Cannot GET /api/nowhere</pre>');
      const { sandbox } = running;
      expect([sandbox.requestCount('GET', '/credentials'), sandbox.requestCount('GET', '/nowhere')]).toEqual([
        1, 1,
      ]);
    } finally {
      await running.close();
    }
  });

  it('closes open keep-alive connections and stops listening', async () => {
    const running = await startSandbox();
    await (await fetch(`${running.url}/auth/signin`, { method: 'POST' })).text();
    await running.close();
    await expect(fetch(`${running.url}/auth/signin`, { method: 'POST' })).rejects.toThrow(TypeError);
  });
});
