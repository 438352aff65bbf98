/**
 * Attack findings on redaction: every secret the client holds (the token, a JWT; the sign-in
 * password; the agent's API key; the password-encryption key; a secret header the caller adds,
 * such as `x-api-key`) is scrubbed by value from every hook argument (onRequest, onResponse,
 * onRetry) and every error, on every route, whichever service the server claims to be; also when
 * it is echoed inside a longer base64 or base64url string (`user:password` in Basic auth, a JWT
 * inside an encoded blob), at any of the three byte alignments.
 */
import { inspect } from 'node:util';
import { AgentClient } from '@credential-agent/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from '../../packages/cli/test/e2e/support/bench.js';
import { type HostileServer, hostileServer, json } from './support/hostile-server.js';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJpc3N1ZXItNDIiLCJleHAiOjQxMDI0NDQ4MDB9.c2lnLXNlY3JldC12YWx1ZS1mb3ItdGVzdHM';
const SECRETS = {
  token: JWT,
  password: 'Corr3ct-Horse-Battery',
  agentKey: 'agk_7d3f9b1c5e2a8d4f6b0c',
  encryptionKey: 'enc-key-3c9e1a7b5d2f8e4c',
  headerKey: 'hdr_5a1c9e3b7d2f6a8c0e4b',
};
const VALUES = Object.values(SECRETS);

/** Every way the hostile server repeats a secret: as is, and inside longer encoded strings. */
function echoes(secret: string): string[] {
  const forms = [secret];
  for (const prefix of ['', 'u:', 'user:', 'prefix-']) {
    const blob = Buffer.from(`${prefix}${secret}:tail`);
    forms.push(blob.toString('base64'), blob.toString('base64url'));
  }
  return forms;
}

/** Any 12 characters of a secret in a row, in the text or in any base64 run decoded, is a leak. */
function expectNoSecret(value: unknown, what: string, secrets: readonly string[] = VALUES): void {
  const text = typeof value === 'string' ? value : inspect(value, { depth: 30 });
  const decoded = [...text.matchAll(/[A-Za-z0-9+/_-]{16,}/g)].flatMap(([run]) => [
    Buffer.from(run, 'base64').toString('latin1'),
    Buffer.from(run, 'base64url').toString('latin1'),
  ]);
  for (const secret of secrets) {
    for (let i = 0; i + 12 <= secret.length; i += 4) {
      const piece = secret.slice(i, i + 12);
      expect(text, `${what} holds "${piece}"`).not.toContain(piece);
      for (const d of decoded) expect(d, `${what} holds "${piece}" base64-encoded`).not.toContain(piece);
    }
  }
}

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer((_req, res) => {
    const all = VALUES.flatMap(echoes);
    const headers = Object.fromEntries(all.map((v, i) => [`x-echo-${i}`, v]));
    json(res, 500, { message: `rejected ${all.join(' ')}`, echoed: all, auth: `Basic ${all[3]}` }, headers);
  });
});
afterAll(() => server.close());

function client(events: unknown[]): AgentClient {
  return new AgentClient({
    baseUrl: `${server.url}/platform`,
    agent: { baseUrl: `${server.url}/agent`, apiKey: SECRETS.agentKey },
    accessToken: SECRETS.token,
    credentials: { email: 'issuer@example.com', password: SECRETS.password },
    passwordEncryption: { key: SECRETS.encryptionKey },
    retry: { limit: 1, baseDelay: 1 },
    hooks: {
      onRequest: (e) => events.push(e),
      onResponse: (e) => events.push(e),
      onRetry: (e) => events.push(e),
    },
  });
}

describe('a server echoing every secret the client holds', () => {
  const calls: [string, (c: AgentClient) => Promise<unknown>][] = [
    [
      'a platform GET with an x-api-key header and an api_key query field',
      (c) =>
        c.request(
          { method: 'GET', path: '/orgs/o1', query: { api_key: SECRETS.headerKey } },
          { headers: { 'x-api-key': SECRETS.headerKey } },
        ),
    ],
    [
      'an agent GET (API key)',
      (c) => c.credentials.list({}, { headers: { 'X-Api-Key': SECRETS.headerKey } }),
    ],
    [
      'sign-in (no token sent)',
      (c) =>
        c.auth.signIn(
          { email: 'issuer@example.com', password: 'other-pass-1' },
          { headers: { 'x-api-key': SECRETS.headerKey } },
        ),
    ],
  ];
  it.each(calls)('%s: no secret in any hook argument or the error', async (_name, call) => {
    const events: unknown[] = [];
    const error = await call(client(events)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expectNoSecret(events, 'hook events');
    expectNoSecret(error, 'util.inspect(error)');
    expectNoSecret(JSON.stringify(error), 'JSON.stringify(error)');
    const e = error as { headers?: Headers; body?: unknown };
    if (e.headers) expectNoSecret(JSON.stringify([...e.headers]), 'error.headers');
    expectNoSecret(JSON.stringify(e.body) ?? '', 'error.body');
  });
});

describe('agent-cli api', () => {
  const e2e = useE2E();
  it.each(['/orgs/o1', '/credentials'])('%s --include --verbose prints no secret', async (path) => {
    const result = await e2e.run(['api', 'GET', path, '--include', '--verbose'], {
      env: {
        AGENT_CLI_BASE_URL: `${server.url}/platform`,
        AGENT_CLI_TOKEN: SECRETS.token,
        AGENT_CLI_AGENT_URL: `${server.url}/agent`,
        AGENT_CLI_AGENT_KEY: SECRETS.agentKey,
        AGENT_CLI_PASSWORD_KEY: SECRETS.encryptionKey,
        AGENT_CLI_TIMEOUT: '5000',
      },
    });
    expect(result.code).toBe(1);
    // What this run holds: the token, the agent's key, the password-encryption key.
    const held = [SECRETS.token, SECRETS.agentKey, SECRETS.encryptionKey];
    expectNoSecret(result.stdout, 'stdout', held);
    expectNoSecret(result.stderr, 'stderr', held);
  });
});
