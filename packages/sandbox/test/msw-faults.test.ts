import { AgentClient, ConnectionError, RateLimitError, ServerError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { call, useSandbox } from './support/msw.js';
import { schemaParams } from './support/params.js';

const ctx = useSandbox();

function list(): Promise<Response> {
  return call(ctx.sandbox, '/credentials', { token: ctx.sandbox.issueToken() });
}

describe('faults in msw mode', () => {
  it('answers the injected status instead of handling the request', async () => {
    ctx.sandbox.faults.add({ kind: 'status', status: 503, path: '/schemas', times: 1 });
    const create = () =>
      call(ctx.sandbox, '/schemas', { token: ctx.sandbox.issueToken(), body: schemaParams('did:key:z6Mk1') });
    const first = await create();
    expect([first.status, await first.json()]).toEqual([
      503,
      { statusCode: 503, message: 'Service Unavailable', error: 'Service Unavailable' },
    ]);
    expect(ctx.sandbox.state.schemas.size).toBe(0);
    expect((await create()).status).toBe(200);
    expect(ctx.sandbox.requestCount('POST', '/schemas')).toBe(2);
  });

  it('makes fetch reject on reset-before-response, and the request still counts', async () => {
    ctx.sandbox.faults.add({ kind: 'reset-before-response' });
    await expect(list()).rejects.toThrow(TypeError);
    expect(ctx.sandbox.requestCount('GET', '/credentials')).toBe(1);
  });

  it('fails the body stream on truncated-body after the status arrived', async () => {
    ctx.sandbox.faults.add({ kind: 'truncated-body' });
    const response = await list();
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('sends half a JSON body on malformed-json', async () => {
    ctx.sandbox.faults.add({ kind: 'malformed-json' });
    const response = await call(ctx.sandbox, '/oob/x', { token: ctx.sandbox.issueToken() });
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).toBe('{"message":"OutOfBandRecord: ');
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });

  it('reaches the SDK as its error classes', async () => {
    const agent = new AgentClient({
      baseUrl: ctx.sandbox.baseUrl,
      accessToken: ctx.sandbox.issueToken(),
      retry: false,
    });
    ctx.sandbox.faults.add({ kind: 'rate-limit', retryAfter: 7, times: 1 });
    ctx.sandbox.faults.add({ kind: 'html-error', status: 502, times: 1 });
    ctx.sandbox.faults.add({ kind: 'reset-before-response', times: 1 });
    const rateLimited = await agent.credentials.list().catch((e: unknown) => e);
    expect(rateLimited).toBeInstanceOf(RateLimitError);
    expect((rateLimited as RateLimitError).retryAfter).toBe(7);
    const html = await agent.credentials.list().catch((e: unknown) => e);
    expect(html).toBeInstanceOf(ServerError);
    expect((html as ServerError).message).toBe('HTTP 502 Bad Gateway');
    await expect(agent.credentials.list()).rejects.toBeInstanceOf(ConnectionError);
    expect(await agent.credentials.list()).toEqual([]);
  });
});
