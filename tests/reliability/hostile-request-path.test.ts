/**
 * Attack F6: `request()` paths whose dot segments are percent-encoded must not leave the base
 * URL's path (with the token): the SDK decides on the URL as the parser resolves it.
 */
import { AgentClient, RequestValidationError } from '@credential-agent/sdk';
import { expect, it } from 'vitest';
import { json, useHostileServer } from './support/hostile-server.js';

const server = useHostileServer((_req, res) => json(res, 200, {}));

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
