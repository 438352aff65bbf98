/**
 * Attack findings on `request()`: a body JSON cannot carry (BigInt, a cycle, a `toJSON` that
 * throws), a method fetch refuses (CONNECT, TRACE, TRACK) or a GET/HEAD with a body threw a raw
 * `TypeError` or were reported as "may have been processed"; they are `RequestValidationError`s
 * naming `body` / `method`, nothing sent. A port fetch refuses ("bad port": 1, 6000) is a
 * `ConnectionError` that says nothing was sent, tried once.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AgentClient, ConnectionError, RequestValidationError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { json, useHostileServer } from './support/hostile-server.js';

const server = useHostileServer((_req, res) => json(res, 200, {}));

const circular: Record<string, unknown> = { a: 1 };
circular['self'] = circular;
const BODIES: [string, unknown][] = [
  ['a BigInt', { amount: 10n }],
  ['a circular object', circular],
  [
    'a throwing toJSON',
    {
      toJSON() {
        throw new Error('no');
      },
    },
  ],
  ['a function', () => 1],
];

async function refusal(request: Parameters<AgentClient['request']>[0]): Promise<RequestValidationError> {
  const client = new AgentClient({ baseUrl: server().url, accessToken: 'tok-refusals', retry: false });
  const error = await client.request(request).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(server().received).toHaveLength(0);
  return error as RequestValidationError;
}

describe('request() refuses before sending', () => {
  it.each(BODIES)('a body with %s names body', async (_what, body) => {
    const error = await refusal({ method: 'POST', path: '/x', body });
    expect(error.issues.map((i) => i.path)).toEqual(['body']);
  });

  it.each(['CONNECT', 'TRACE', 'track'])('method %s names method', async (method) => {
    const error = await refusal({ method, path: '/x' });
    expect(error.issues.map((i) => i.path)).toEqual(['method']);
  });

  it.each(['GET', 'HEAD', 'get'])('%s with a body names body', async (method) => {
    const error = await refusal({ method, path: '/x', body: { a: 1 } });
    expect(error.issues.map((i) => i.path)).toEqual(['body']);
  });

  it('a body the SDK can send still goes out', async () => {
    const client = new AgentClient({ baseUrl: server().url, accessToken: 'tok-refusals', retry: false });
    await client.request({ method: 'DELETE', path: '/x', body: { a: [1, 'b', null] } });
    expect(server().received.map((r) => [r.method, r.body])).toEqual([['DELETE', '{"a":[1,"b",null]}']]);
  });
});

describe('a port fetch refuses ("bad port")', () => {
  it.each([1, 6000])('port %i: a ConnectionError saying nothing was sent, tried once', async (port) => {
    const attempts: unknown[] = [];
    const client = new AgentClient({
      baseUrl: `http://127.0.0.1:${port}`,
      accessToken: 'tok-refusals',
      retry: { baseDelay: 1 },
      hooks: { onRequest: (e) => attempts.push(e) },
    });
    const error = await client.request({ method: 'POST', path: '/x', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ sent: false });
    expect((error as Error).message).not.toMatch(/may have been processed/);
    expect((error as Error).message).toMatch(/was not sent/);
    expect(attempts).toHaveLength(1);
  });
});

describe('agent-cli api', () => {
  const e2e = useE2E();
  const run = (args: string[]) =>
    e2e.run(['api', ...args, '--base-url', server().url], { env: { AGENT_CLI_TOKEN: 'tok-refusals' } });

  it('GET with --input is a usage error naming --input; nothing sent', async () => {
    const file = join(e2e.configDir(), 'body.json'); // removed with the bench's directory
    writeFileSync(file, '{"a":1}');
    const result = await run(['GET', '/x', '--input', file]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^error: --input .*GET/),
    ]);
    expect(server().received).toHaveLength(0);
  });

  it.each(['CONNECT', 'TRACE'])('%s is a usage error naming the method; nothing sent', async (method) => {
    const result = await run([method, '/x']);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([expect.stringMatching(/^error: method/)]);
    expect(result.stderr).not.toMatch(/may have been processed/);
    expect(server().received).toHaveLength(0);
  });
});
