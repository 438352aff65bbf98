/**
 * Attack F6: `request()` paths whose dot segments are percent-encoded must not leave the base
 * URL's path (with the token): the SDK decides on the URL as the parser resolves it.
 */
import { AgentClient, RequestValidationError } from '@credential-agent/sdk';
import { expect, it } from 'vitest';
import { json, useHostileServer } from './support/hostile-server.js';

// `/nowhere/...` answers 404, for the error of a call.
const server = useHostileServer((req, res) =>
  req.url?.startsWith('/nowhere/') ? json(res, 404, { message: 'no' }) : json(res, 200, {}),
);

it.each(['/%2e%2e/x', '/%2E%2E/x', '/.%2e/x', '/%2e./x', '/a/%2e%2e/%2e%2e/x', '%2e%2e', '/\\\\evil/x'])(
  'path %s is a RequestValidationError naming path, nothing sent',
  async (path) => {
    const client = new AgentClient({
      baseUrl: `${server().url}/api`,
      accessToken: 'tok-secret',
      retry: false,
    });
    const error = await client.request({ method: 'GET', path }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toBe('path');
    expect(server().received).toHaveLength(0);
  },
);

it('a path that stays under the base path is still sent', async () => {
  const client = new AgentClient({ baseUrl: `${server().url}/api`, accessToken: 'tok-secret', retry: false });
  await client.request({ method: 'GET', path: '/a/%2e%2e/b' });
  expect(server().received.map((r) => r.url)).toEqual(['/api/b']);
});

// Attack on issue 18: an encoded dot segment that stays under the base path was sent resolved
// (`/api/x`) while the call, its error's `path` and its route family (`target`) kept the raw form.
it.each([
  ['credentials/%2e./orgs/o1/x', 'orgs/o1/x', 'platform'],
  ['orgs/%2E%2e/credentials', 'credentials', 'agent'],
])('path %s is called, reported and routed as the URL resolves it (%s)', async (path, resolved, target) => {
  const client = new AgentClient({ baseUrl: `${server().url}/api`, accessToken: 'tok-secret', retry: false });
  const { response } = await client.request({ method: 'GET', path }).withResponse();
  expect(response.status).toBe(200);
  expect(server().received.map((r) => r.url)).toEqual([`/api/${resolved}`]);
  const failing = new AgentClient({
    baseUrl: `${server().url}/nowhere`,
    accessToken: 'tok-secret',
    retry: false,
  });
  const error = await failing.request({ method: 'GET', path }).catch((e: unknown) => e);
  expect(error).toMatchObject({ path: resolved, target });
});
