import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID, DEMO_USER, startSandbox } from '../src/index.js';
import { useRunningSandbox } from './support/server.js';

// What another user, a web page or a network peer can send a running sandbox: bodies too large,
// paths that do not decode, foreign origins and foreign Host headers (DNS rebinding).

/** What a raw request got: a status and body, or the socket error's code. */
interface Outcome {
  status?: number | undefined;
  text?: string;
  error?: string | undefined;
}

/** One raw HTTP/1.1 request, with any Host header. */
function raw(url: string, options: { path: string; headers?: Record<string, string> }): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}${options.path}`, { headers: options.headers });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += String(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode, text }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

/** A valid sign-in, padded with `padding` bytes of trailing white space. */
const signIn = (url: string, padding = 0) =>
  fetch(`${url}/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO_USER) + ' '.repeat(padding),
  });

describe('request bodies', () => {
  const ctx = useRunningSandbox({ maxBodyBytes: 64 * 1024 });

  it('answers 413 naming the limit for a body over maxBodyBytes, and keeps serving', async () => {
    const response = await signIn(ctx.running.url, 100 * 1024);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      statusCode: 413,
      message: expect.stringContaining('65536 bytes'),
    });
    expect((await signIn(ctx.running.url)).status).toBe(200);
  });

  it('refuses a chunked body (no Content-Length) once it passes the limit', async () => {
    const url = new URL('/auth/signin', ctx.running.url);
    const result = await new Promise<Outcome>((resolve) => {
      const req = httpRequest(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
      req.on('response', (res) => resolve({ status: res.statusCode }));
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
      const chunk = Buffer.alloc(16 * 1024, 'x');
      for (let i = 0; i < 8; i++) req.write(chunk);
      // Never ended: the sandbox must answer without waiting for the rest.
    });
    expect(result.status ?? result.error).toBe(413);
    expect((await signIn(ctx.running.url)).status).toBe(200);
  });

  it('the default limit is 1 MiB', async () => {
    const running = await startSandbox();
    try {
      expect((await signIn(running.url, 1024 * 1024)).status).toBe(413);
      expect((await signIn(running.url, 1000 * 1024)).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});

describe('bodies in flight across requests', () => {
  // 64 KiB per request, 256 KiB across all: four partial bodies fit, the rest are refused unread.
  const ctx = useRunningSandbox({ maxBodyBytes: 64 * 1024, maxBufferedBytes: 256 * 1024 });

  it('answers 503 with Retry-After once the bytes buffered by unfinished bodies reach maxBufferedBytes', async () => {
    const url = new URL('/auth/signin', ctx.running.url);
    const chunk = Buffer.alloc(60 * 1024, 'x');
    const requests: ReturnType<typeof httpRequest>[] = [];
    const answers = Array.from({ length: 10 }, () => {
      return new Promise<Outcome & { retryAfter?: string | undefined }>((resolve) => {
        const req = httpRequest(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': String(chunk.length + 5) },
        });
        requests.push(req);
        req.on('response', (res) => {
          resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'] });
          res.resume();
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
        req.write(chunk); // never finished
      });
    });
    const refused: { status?: number | undefined; retryAfter?: string | undefined }[] = [];
    await new Promise<void>((resolve) => {
      for (const answer of answers) {
        void answer.then((outcome) => {
          refused.push(outcome);
          if (refused.length === 6) resolve();
        });
      }
    });
    expect(refused.every((outcome) => outcome.status === 503 && Number(outcome.retryAfter) > 0)).toBe(true);
    for (const req of requests) req.destroy();
    // The budget is released when those connections go: a new request is served.
    await expect.poll(async () => (await signIn(ctx.running.url)).status).toBe(200);
  });
});

describe('malformed paths', () => {
  const ctx = useRunningSandbox();

  it.each(['/url/%', '/url/%zz', '/url/%E0%A4%A', '/%', `/orgs/${DEMO_ORG_ID}/%`])(
    'GET %s is a 404',
    async (path) => {
      const response = await raw(ctx.running.url, { path });
      expect(response.status).toBe(404);
    },
  );
});

describe('CORS', () => {
  const ctx = useRunningSandbox();

  it('allows a loopback origin by name, not every origin', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      const response = await fetch(`${ctx.running.url}/credentials`, { headers: { Origin: origin } });
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('vary')).toContain('Origin');
    }
    const foreign = await fetch(`${ctx.running.url}/credentials`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${ctx.running.url}/credentials`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it("allows the --public-url's origin", async () => {
    const running = await startSandbox({ baseUrl: 'http://192.168.1.20:4010' });
    try {
      const response = await fetch(`${running.url}/credentials`, {
        headers: { Origin: 'http://192.168.1.20:4010' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe('http://192.168.1.20:4010');
    } finally {
      await running.close();
    }
  });
});

describe('the Host header of a sandbox on loopback', () => {
  const ctx = useRunningSandbox();
  const port = () => new URL(ctx.running.url).port;

  it('answers localhost, 127.0.0.1 and [::1] with its port', async () => {
    for (const host of [
      `localhost:${port()}`,
      `127.0.0.1:${port()}`,
      `[::1]:${port()}`,
      `LOCALHOST:${port()}`,
    ]) {
      const response = await raw(ctx.running.url, { path: '/credentials', headers: { Host: host } });
      expect([host, response.status]).toEqual([host, 401]);
    }
  });

  it('refuses any other name (DNS rebinding) or port with 403 and counts nothing', async () => {
    for (const host of [`evil.example:${port()}`, 'localhost:1', `127.0.0.1.nip.io:${port()}`, 'localhost']) {
      const response = await raw(ctx.running.url, { path: '/credentials', headers: { Host: host } });
      expect([host, response.status]).toEqual([host, 403]);
      expect(response.text).toContain('Host');
    }
    expect(ctx.running.sandbox.requestCount()).toBe(0);
  });

  it('answers the host its --public-url names', async () => {
    const running = await startSandbox({ baseUrl: 'http://sandbox.test:4010' });
    try {
      const ok = await raw(running.url, { path: '/credentials', headers: { Host: 'sandbox.test:4010' } });
      expect(ok.status).toBe(401);
      const other = await raw(running.url, { path: '/credentials', headers: { Host: 'sandbox.test:4011' } });
      expect(other.status).toBe(403);
    } finally {
      await running.close();
    }
  });

  it('checks no Host when listening on every interface', async () => {
    const running = await startSandbox({ host: '0.0.0.0' });
    try {
      const response = await raw(running.url, {
        path: '/credentials',
        headers: { Host: 'my-laptop.lan:4010' },
      });
      expect(response.status).toBe(401);
    } finally {
      await running.close();
    }
  });
});
