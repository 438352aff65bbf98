import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../src/index.js';

// The platform flavour's agent of line 2.1, over raw HTTP: a tenant's token, and the agent's own
// 422 "Validation Failed" for a body /dids/write refuses.
let running: RunningSandbox;
let key: string;
beforeAll(async () => {
  running = await startSandbox({ flavor: 'platform', agentKey: true });
  key = running.sandbox.agentKey ?? '';
});
afterAll(() => running.close());

async function post(path: string, authorization: string, body?: unknown) {
  const response = await fetch(`${running.url}${path}`, {
    method: 'POST',
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as unknown };
}

describe('POST /multi-tenancy/get-token/{tenantId}', () => {
  it("hands a tenant's token for the base wallet's token; the tenant's token works on the routes", async () => {
    const { token: base } = (await post('/agent/token', key)).body as { token: string };
    const answer = await post('/multi-tenancy/get-token/tenant-1', `Bearer ${base}`);
    expect(answer.status).toBe(200);
    const { token } = answer.body as { token: string };
    expect(token).toMatch(/^eyJ/);
    expect(token).not.toBe(base);
    const listed = await fetch(`${running.url}/didcomm/credentials`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
  });

  it('refuses the raw key and a tenant token there (401)', async () => {
    expect((await post('/multi-tenancy/get-token/tenant-1', key)).status).toBe(401);
    const { token: base } = (await post('/agent/token', key)).body as { token: string };
    const { token } = (await post('/multi-tenancy/get-token/tenant-1', base)).body as { token: string };
    expect((await post('/multi-tenancy/get-token/tenant-2', `Bearer ${token}`)).status).toBe(401);
  });
});

describe('POST /dids/write on the agent', () => {
  it('answers a refused body with the agent\'s 422 "Validation Failed"', async () => {
    const { token } = (await post('/agent/token', key)).body as { token: string };
    const answer = await post('/dids/write', `Bearer ${token}`, {
      method: 'key',
      keyType: 'ed25519',
      bogus: 1,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: 'Validation Failed', details: expect.any(Object) });
  });
});
