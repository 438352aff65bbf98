import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AgentClient } from '@credential-agent/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ORG_ID, DEMO_USER, type RunningSandbox, startSandbox } from '../src/index.js';
import { offerParams } from './support/params.js';

// A sandbox reached at a URL with a path (`--public-url http://host:port/sb`): behind a reverse
// proxy that strips the prefix, or one that passes the path through. The invitation URLs and
// short URLs it hands out must open, as its API calls do.

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** A reverse proxy on loopback to `target`, taking `/sb` off the path when `strip` is set. */
async function proxy(target: () => string, strip: boolean): Promise<string> {
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const forwarded = strip ? path.replace(/^\/sb(?=\/|\?|$)/, '') || '/' : path;
    const upstream = httpRequest(`${target()}${forwarded}`, { method: req.method, headers: req.headers });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  open.push({ close: () => new Promise((resolve) => server.close(() => resolve())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/sb`;
}

async function sandboxBehind(strip: boolean): Promise<{ publicUrl: string; running: RunningSandbox }> {
  let running: RunningSandbox | undefined;
  const publicUrl = await proxy(() => running?.url ?? '', strip);
  running = await startSandbox({ baseUrl: publicUrl });
  const started = running;
  open.push({ close: () => started.close() });
  return { publicUrl, running };
}

describe.each([
  ['a proxy that strips the prefix', true],
  ['a proxy that keeps the path', false],
])('a --public-url with a path, behind %s', (_, strip) => {
  it('serves the API, the invitation URLs, the short URLs and the deliveries under that path', async () => {
    const { publicUrl } = await sandboxBehind(strip);
    const agent = new AgentClient({ baseUrl: publicUrl, orgId: DEMO_ORG_ID, retry: false });
    await agent.auth.signIn(DEMO_USER);

    const long = await agent.org().offers.create(offerParams({ isShortenUrl: false }));
    const invitationUrl = long.data.invitationUrl as string;
    expect(invitationUrl.startsWith(`${publicUrl}/invitation?oob=`)).toBe(true);
    const page = await fetch(invitationUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('didcomm://invite?oob=');

    const short = await agent.org().offers.create(offerParams({ isShortenUrl: true }));
    const shortUrl = short.data.invitationUrl as string;
    expect(shortUrl).toBe(`${publicUrl}/url/${short.data.outOfBandRecordId}`);
    const redirect = await fetch(shortUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const target = redirect.headers.get('location') as string;
    expect(target.startsWith(`${publicUrl}/invitation?oob=`)).toBe(true);
    expect((await fetch(target)).status).toBe(200);

    const deliveries = await fetch(`${publicUrl}/__sandbox/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(await deliveries.json()).toEqual({ total: 0, deliveries: {} });
  });
});
