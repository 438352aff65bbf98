/**
 * Issue 21 item 7: "in doubt" means bytes of the request may have reached the service. A failure
 * before any byte was written (an unresolvable name, a closed port, a TLS handshake that failed: a
 * plain-HTTP port given `https://`, a certificate nobody vouches for) is a `ConnectionError` with
 * `sent: false`, retried like any request that was not sent, and says so; a handshake answered in
 * plain text names the scheme the server speaks. A connection reset after the request arrived stays
 * `sent: true` and a POST is not repeated. Real sockets on 127.0.0.1, with Node's fetch and the
 * CLI's `node:http` one, and through the shipped bin.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { AgentClient, ConnectionError } from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { root } from '../support/packages.js';
import { FETCHES, withFetch } from './support/sdk-client.js';

const TLS = join(root, 'tests/fixtures/tls');

/** A server on 127.0.0.1 that counts the requests it was handed and the connections it accepted. */
interface Counted {
  server: Server;
  port: number;
  requests: number;
  connections: number;
}

async function counted(server: Server, handler: (counter: Counted, socket: Socket) => void = () => {}) {
  const counter: Counted = { server, port: 0, requests: 0, connections: 0 };
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    counter.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => {
    counter.requests++;
    req.resume();
    req.on('end', () => handler(counter, res.socket as Socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  counter.port = (server.address() as { port: number }).port;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { counter, close };
}

const servers: { close(): Promise<void> }[] = [];
let plain: Counted;
let selfSigned: Counted;
let resetter: Counted;
let closedPort = 0;
/** Accepts connections and never answers: a TLS handshake that stalls. */
let staller: { port: number; connections: number };

beforeAll(async () => {
  const stall = createNetServer((socket) => {
    staller.connections++;
    socket.on('error', () => {});
    stallSockets.add(socket);
  });
  const stallSockets = new Set<Socket>();
  await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
  staller = { port: (stall.address() as { port: number }).port, connections: 0 };
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of stallSockets) socket.destroy();
        stall.close(() => resolve());
      }),
  });
  const p = await counted(createHttpServer((_req, res) => res.end('{}')));
  const s = await counted(
    createHttpsServer(
      {
        key: readFileSync(join(TLS, 'self-signed.key.pem')),
        cert: readFileSync(join(TLS, 'self-signed.cert.pem')),
      },
      (_req, res) => res.end('{}'),
    ),
  );
  // Reads the whole request, then drops the connection without a byte of answer.
  const r = await counted(createHttpServer(), (_counter, socket) => socket.resetAndDestroy());
  servers.push(p, s, r);
  plain = p.counter;
  selfSigned = s.counter;
  resetter = r.counter;
  const closed = createNetServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** A POST through one of the fetches with two retries allowed; what it threw and how many attempts. */
async function post(baseUrl: string, fetchOption: ReturnType<typeof withFetch>, timeout?: number) {
  let attempts = 0;
  const client = new AgentClient({
    baseUrl,
    accessToken: 'tok-handshake',
    retry: { limit: 2, baseDelay: 1 },
    ...(timeout === undefined ? {} : { timeout }),
    hooks: { onRequest: () => void attempts++ },
    ...fetchOption,
  });
  const error = await client.request({ method: 'POST', path: '/offers', body: { a: 1 } }).catch((e) => e);
  expect(error).toBeInstanceOf(ConnectionError);
  return { error: error as ConnectionError, attempts };
}

describe.each(FETCHES)('$name: nothing of the request was written', (f) => {
  it('https:// to a plain-HTTP port: sent false, retried, and it says the server speaks http://', async () => {
    const before = plain.connections;
    const { error, attempts } = await post(`https://127.0.0.1:${plain.port}/api`, withFetch(f));
    expect(error.sent).toBe(false);
    expect(error.message).toMatch(/plain HTTP/);
    expect(error.message).toContain(`use http://127.0.0.1:${plain.port}/api`);
    expect(error.message).not.toMatch(/was sent|may have been processed/);
    expect(attempts).toBe(3);
    expect(plain.connections - before).toBe(3);
    expect(plain.requests).toBe(0);
  });

  it('a self-signed certificate: sent false, retried, names the certificate', async () => {
    const { error, attempts } = await post(`https://127.0.0.1:${selfSigned.port}`, withFetch(f));
    expect(error.sent).toBe(false);
    expect(error.message).toMatch(/TLS handshake failed \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
    expect(error.message).not.toMatch(/was sent|may have been processed/);
    expect(attempts).toBe(3);
    expect(selfSigned.requests).toBe(0);
  });

  it('a TLS handshake that stalls until the timeout: sent false, retried, says not sent', async () => {
    const before = staller.connections;
    const { error, attempts } = await post(`https://127.0.0.1:${staller.port}`, withFetch(f), 300);
    expect(error.sent).toBe(false);
    expect(error.message).toMatch(/TLS handshake did not complete\); not sent/);
    expect(error.message).not.toMatch(/was sent|may have been processed/);
    expect(attempts).toBe(3);
    expect(staller.connections - before).toBe(3);
  });

  it('a closed port: sent false, retried', async () => {
    const { error, attempts } = await post(`http://127.0.0.1:${closedPort}`, withFetch(f));
    expect(error).toMatchObject({ sent: false, message: expect.stringMatching(/ECONNREFUSED/) });
    expect(attempts).toBe(3);
  });

  it('an unresolvable host name: sent false, retried', async () => {
    const { error, attempts } = await post('http://nobody.invalid', withFetch(f));
    expect(error).toMatchObject({ sent: false, message: expect.stringMatching(/ENOTFOUND|EAI_AGAIN/) });
    expect(attempts).toBe(3);
  });

  it('a reset after the request was written: sent true, never repeated', async () => {
    const before = resetter.requests;
    const { error, attempts } = await post(`http://127.0.0.1:${resetter.port}`, withFetch(f));
    expect(error.sent).toBe(true);
    expect(error.message).toMatch(/may have been processed/);
    expect(attempts).toBe(1);
    expect(resetter.requests - before).toBe(1);
  });
});

describe('agent-cli (the shipped bin)', () => {
  const e2e = useE2E();
  const api = (baseUrl: string) =>
    e2e.run(['api', 'POST', '/offers', '--base-url', baseUrl], { env: { AGENT_CLI_TOKEN: 'tok-handshake' } });

  it('https:// to a plain-HTTP port: one line naming http://, exit 1, no request handled', async () => {
    const result = await api(`https://127.0.0.1:${plain.port}`);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(new RegExp(`^error: .*plain HTTP.*use http://127\\.0\\.0\\.1:${plain.port}$`)),
    ]);
    expect(result.stderr).not.toMatch(/may have been processed|was sent/);
    expect(plain.requests).toBe(0);
  });

  it('a self-signed certificate: one line, nothing was sent', async () => {
    const result = await api(`https://127.0.0.1:${selfSigned.port}`);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^error: .*TLS handshake failed \(DEPTH_ZERO_SELF_SIGNED_CERT\)$/),
    ]);
    expect(result.stderr).not.toMatch(/may have been processed|was sent/);
  });

  it('a reset after the request was written still says it may have been processed', async () => {
    const result = await api(`http://127.0.0.1:${resetter.port}`);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/may have been processed/);
  });
});

describe("agent-cli offers email (the shipped bin), https:// given for the sandbox's http:// port", () => {
  const e2e = useE2E();
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'agent-cli-handshake-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** `offers email` of the CSV against `baseUrl`, with a fixed journal and report. */
  const bulk = (csv: string, baseUrl: string, ...extra: string[]) => {
    const flags = ['--credential-type', 'indy', '--cred-def-id', 'tls:3:CL:1:default'];
    const files = ['--journal', join(dir, 'journal.jsonl'), '--report', join(dir, 'report.json')];
    return e2e.run(['offers', 'email', '--csv', csv, ...flags, ...files, ...extra], {
      env: {
        AGENT_CLI_BASE_URL: baseUrl,
        AGENT_CLI_ORG: DEMO_ORG_ID,
        AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken(),
      },
    });
  };

  it('puts no row in doubt, and the run with the fixed URL sends each row once without --retry-in-doubt', async () => {
    const emails = Array.from({ length: 200 }, (_, i) => `tls-holder${i + 1}@example.com`);
    const csv = join(dir, 'holders.csv');
    writeFileSync(csv, `email,name\n${emails.map((e, i) => `${e},Holder ${i + 1}`).join('\n')}\n`);
    const { sandbox, url } = e2e.sandbox();

    // Twenty requests at once: each fails at once, whatever the retries cost.
    const wrong = await bulk(csv, url.replace(/^http:/, 'https:'), '--concurrency', '20');
    expect(wrong.code, wrong.stderr).not.toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    expect(report.summary).toMatchObject({ failed: 200, 'in-doubt': 0, sent: 0 });
    expect(wrong.stderr).not.toMatch(/in doubt/);
    expect(wrong.stderr).toMatch(/plain HTTP.*use http:/);
    expect(sandbox.totalDeliveries()).toBe(0);

    const fixed = await bulk(csv, url, '--resume');
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(emails.map((e) => sandbox.deliveries(e))).toEqual(emails.map(() => 1));
  });

  it('a TLS handshake that stalls until --timeout: the rows are failed, not in doubt, and --resume sends each once', async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `stall-holder${i + 1}@example.com`);
    const csv = join(dir, 'stall.csv');
    writeFileSync(csv, `email,name\n${emails.map((e, i) => `${e},Holder ${i + 1}`).join('\n')}\n`);
    rmSync(join(dir, 'journal.jsonl'), { force: true });
    const { sandbox, url } = e2e.sandbox();
    const stalled = await bulk(csv, `https://127.0.0.1:${staller.port}`, '--timeout', '200');
    expect(stalled.code, stalled.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    expect(report.summary).toMatchObject({ failed: 10, 'in-doubt': 0, sent: 0 });
    expect(stalled.stderr).toMatch(/TLS handshake did not complete\); not sent/);
    const fixed = await bulk(csv, url, '--resume');
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(emails.map((e) => sandbox.deliveries(e))).toEqual(emails.map(() => 1));
  }, 60_000);
});
