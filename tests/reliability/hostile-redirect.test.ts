/**
 * Issue 9, item 3: redirects are never followed. A 3xx is a `RedirectError` naming the Location;
 * the second origin receives nothing (no password, no token); sign-in stores nothing. The same
 * with Node's fetch, the CLI's `node:http` fetch and the shipped CLI binary.
 */
import { AgentClient, RedirectError } from '@credential-agent/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { type HostileServer, hostileServer, json } from './support/hostile-server.js';
import { FETCHES, withFetch } from './support/sdk-client.js';

const PASSWORD = 'correct horse battery staple';
const servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A second origin that would happily take a password and hand out a token. */
async function attacker(): Promise<HostileServer> {
  const server = await hostileServer((_req, res) =>
    json(res, 200, { access_token: 'stolen-session', token_type: 'Bearer', scope: '', expires_in: 3600 }),
  );
  servers.push(server);
  return server;
}

/** A base URL that answers every request with `status` and `Location: location(path)`. */
async function redirecting(status: number, location: (path: string) => string): Promise<HostileServer> {
  const server = await hostileServer((req, res) => {
    res.writeHead(status, { location: location(req.url ?? '/') }).end();
  });
  servers.push(server);
  return server;
}

describe.each(FETCHES)('with the $name', (f) => {
  it.each([301, 302, 303, 307, 308])(
    'signIn answered %i to another origin: RedirectError naming it, nothing sent there, no token stored',
    async (status) => {
      const other = await attacker();
      const base = await redirecting(status, (path) => `${other.url}${path}`);
      const client = new AgentClient({ baseUrl: base.url, ...withFetch(f) });
      const error = await client.auth.signIn({ email: 'a@example.com', password: PASSWORD }).catch((e) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ status, location: `${other.url}/auth/signin` });
      expect(error.message).toContain(`to ${other.url}/auth/signin`);
      expect(error.message).not.toContain(PASSWORD);
      expect(other.received).toEqual([]);
      expect(await client.auth.session()).toBeUndefined();
    },
  );

  it('a GET redirected to another origin never carries the token there', async () => {
    const other = await attacker();
    const base = await redirecting(302, (path) => `${other.url}${path}`);
    const client = new AgentClient({ baseUrl: base.url, accessToken: 'my-own-token', ...withFetch(f) });
    await expect(client.credentials.list()).rejects.toBeInstanceOf(RedirectError);
    expect(base.received).toHaveLength(1); // not retried either
    expect(other.received).toEqual([]);
  });

  it('a redirect to the same path on https says which base URL to use', async () => {
    const base = await redirecting(301, (path) => `https://127.0.0.1:9${path}`);
    const client = new AgentClient({ baseUrl: `${base.url}/api`, ...withFetch(f) });
    const error = await client.auth.signIn({ email: 'a@example.com', password: PASSWORD }).catch((e) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error.message).toContain('update your base URL to https://127.0.0.1:9/api');
  });
});

it('a fetch that follows redirects anyway: its answer is refused and no token is stored', async () => {
  const other = await attacker();
  const base = await redirecting(307, (path) => `${other.url}${path}`);
  const following: typeof fetch = (input, init) => {
    const req = new Request(input, init);
    return fetch(req, { redirect: 'follow' });
  };
  const client = new AgentClient({ baseUrl: base.url, fetch: following });
  const error = await client.auth.signIn({ email: 'a@example.com', password: PASSWORD }).catch((e) => e);
  expect(error).toBeInstanceOf(RedirectError);
  expect(error.message).toContain('followed it');
  expect(await client.auth.session()).toBeUndefined();
});

describe('agent-cli', () => {
  const e2e = useE2E();
  it('login against a redirecting base URL exits 1 naming the Location; the other origin gets nothing', async () => {
    const other = await attacker();
    const base = await redirecting(307, (path) => `${other.url}${path}`);
    const result = await e2e.run(['login', '--email', 'a@example.com', '--password-stdin'], {
      env: { AGENT_CLI_BASE_URL: base.url },
      stdin: PASSWORD,
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toEqual([expect.stringContaining(`redirected (HTTP 307) to ${other.url}/auth/signin`)]);
    expect(result.stderr).not.toContain(PASSWORD);
    expect(other.received).toEqual([]);
  });
});
