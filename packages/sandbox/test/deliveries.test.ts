import { AgentClient } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID } from '../src/index.js';
import { emailParams } from './support/params.js';
import { useRunningSandbox } from './support/server.js';

const ctx = useRunningSandbox();

const listed = async () => {
  const response = await fetch(`${ctx.running.url}/__sandbox/deliveries`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.json();
};

describe('GET /__sandbox/deliveries (for a process that counts e-mails per holder)', () => {
  it('lists nothing before any e-mail offer', async () => {
    expect(await listed()).toEqual({ total: 0, deliveries: {} });
  });

  it('counts the offer e-mails delivered per lower-cased address, a repeat counted twice', async () => {
    const agent = new AgentClient({
      baseUrl: ctx.running.url,
      orgId: DEMO_ORG_ID,
      accessToken: ctx.running.sandbox.issueToken(),
      retry: false,
    });
    await agent.org().offers.sendByEmail(emailParams(['Ada@example.com', 'bo@example.com']));
    await agent.org().offers.sendByEmail(emailParams(['ada@example.com']));
    expect(await listed()).toEqual({ total: 3, deliveries: { 'ada@example.com': 2, 'bo@example.com': 1 } });
    // Reading it is not a request to the service and delivers nothing.
    expect(await listed()).toMatchObject({ total: 3 });
  });

  it('answers only GET there (another method is a route the service does not have)', async () => {
    const response = await fetch(`${ctx.running.url}/__sandbox/deliveries`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
