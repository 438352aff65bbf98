import { AgentClient } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID, DEMO_USER } from '../src/index.js';
import { offerParams } from './support/params.js';
import { useRunningSandbox } from './support/server.js';

const ctx = useRunningSandbox();

async function offer(isShortenUrl: boolean): Promise<{ invitationUrl: string; id: string }> {
  const agent = new AgentClient({ baseUrl: ctx.running.url, orgId: DEMO_ORG_ID });
  await agent.auth.signIn(DEMO_USER);
  const { data } = await agent.org().offers.create(offerParams({ isShortenUrl }));
  return { invitationUrl: data.invitationUrl as string, id: data.outOfBandRecordId as string };
}

describe('the invitation URLs the sandbox hands out', () => {
  it('serves the invitation URL of an offer as an HTML page carrying the invitation', async () => {
    const { invitationUrl, id } = await offer(false);
    const response = await fetch(invitationUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    const invitationId = ctx.running.sandbox.state.outOfBand.get(id)?.outOfBandInvitation['@id'];
    expect(page).toContain(invitationId);
    expect(page).toContain('didcomm://invite?oob=');
    expect(page).not.toMatch(/<script/i);
  });

  it('redirects a short URL to the invitation page, and answers JSON when asked for it', async () => {
    const { invitationUrl, id } = await offer(true);
    expect(invitationUrl).toBe(`${ctx.running.url}/url/${id}`);
    const redirect = await fetch(invitationUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const target = redirect.headers.get('location') as string;
    expect(target).toMatch(new RegExp(`^${ctx.running.url}/invitation\\?oob=`));
    expect((await fetch(target)).status).toBe(200);
    const json = await fetch(invitationUrl, { headers: { Accept: 'application/json' } });
    expect(await json.json()).toEqual(ctx.running.sandbox.state.outOfBand.get(id)?.outOfBandInvitation);
  });

  it('answers 404 for an unknown short URL and 400 for an invitation that does not decode', async () => {
    expect((await fetch(`${ctx.running.url}/url/0e8e9c3a-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${ctx.running.url}/invitation?oob=%%%`)).status).toBe(400);
    expect((await fetch(`${ctx.running.url}/invitation`)).status).toBe(400);
  });
});
