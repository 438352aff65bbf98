import { describe, expect, it, vi } from 'vitest';
import type { FaultSpec } from '../src/index.js';
import { call } from './support/msw.js';
import { useRunningSandbox } from './support/server.js';

const ctx = useRunningSandbox();

function server() {
  return { baseUrl: ctx.running.url };
}

function writeDid(): Promise<Response> {
  return call(server(), '/dids/write', {
    token: ctx.running.sandbox.issueToken(),
    body: { method: 'key', keyType: 'ed25519' },
    origin: 'http://localhost:5173',
  });
}

function inject(spec: FaultSpec): void {
  ctx.running.sandbox.faults.add(spec);
}

describe('faults on a real socket', () => {
  it('status: answers the status with a JSON body and CORS headers, without handling', async () => {
    inject({ kind: 'status', status: 502 });
    const response = await writeDid();
    expect(response.status).toBe(502);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(await response.json()).toEqual({ statusCode: 502, message: 'Bad Gateway', error: 'Bad Gateway' });
    expect(ctx.running.sandbox.state.dids.size).toBe(0);
  });

  it('rate-limit: answers 429 with Retry-After and a plain-text body', async () => {
    inject({ kind: 'rate-limit', retryAfter: 3 });
    const response = await writeDid();
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('Too many requests, please try again later.');
  });

  it('html-error: answers an HTML page like the agent for unknown routes', async () => {
    inject({ kind: 'html-error' });
    const response = await writeDid();
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<pre>Cannot POST /dids/write</pre>');
  });

  it('reset-before-response: the connection drops before any byte, and nothing is handled', async () => {
    inject({ kind: 'reset-before-response' });
    const error = await writeDid().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(ctx.running.sandbox.requestCount('POST', '/dids')).toBe(1);
    expect(ctx.running.sandbox.state.dids.size).toBe(0);
  });

  it('reset-after-headers: the status arrives, the body never does, the request was handled', async () => {
    inject({ kind: 'reset-after-headers' });
    const response = await writeDid();
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(ctx.running.sandbox.state.dids.size).toBe(1);
  });

  it('truncated-body: half the body arrives, then the connection drops', async () => {
    inject({ kind: 'truncated-body' });
    const response = await writeDid();
    const reader = response.body?.getReader();
    const first = await reader?.read();
    const text = new TextDecoder().decode(first?.value);
    expect(text.startsWith('{"did":"did:key:z6Mk')).toBe(true);
    await expect(reader?.read()).rejects.toThrow(TypeError);
  });

  it('malformed-json: a complete answer whose JSON does not parse', async () => {
    inject({ kind: 'malformed-json' });
    const response = await writeDid();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('{"did":')).toBe(true);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });

  it('slow-body: headers come at once, the body after the delay', async () => {
    inject({ kind: 'slow-body', ms: 300 });
    const response = await writeDid();
    expect(response.status).toBe(200);
    let body: unknown;
    const reading = response.json().then((b: unknown) => {
      body = b;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(body).toBeUndefined();
    await reading;
    expect(body).toMatchObject({ did: expect.stringMatching(/^did:key:/) });
  });

  it('latency: the request is held before it is handled', async () => {
    inject({ kind: 'latency', ms: 300, path: '/dids' });
    const pending = writeDid();
    await vi.waitFor(() => expect(ctx.running.sandbox.requestCount()).toBe(1));
    expect(ctx.running.sandbox.state.dids.size).toBe(0);
    expect((await pending).status).toBe(200);
    expect(ctx.running.sandbox.state.dids.size).toBe(1);
  });
});
