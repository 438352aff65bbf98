import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from './support/build.js';

// helper-79 (B2): `api` prints the error body a server sends on stdout. It was scrubbed by the SDK
// only, which does not know a secret as a URL's path writes it, so a server echoing the path it got
// (`/x/%C3%A4:secret%7Ctoken%5Ex`) put the secret on stdout; --verbose and the error line hid it.
const TOKEN = 'ä:secret|token^x';
let server: Server | undefined;
let url = '';
let dir = '';
beforeAll(async () => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'agent-cli-echo-'));
  const echo = createServer((req, res) => {
    // helper-83: a JSON error body whose values a short password matches.
    if (req.url === '/e1') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(
        '{"error":true,"data":null,"message":"http fail","code":1234,"big":12345678901234567890}',
      );
    }
    // helper-82: a declared length over the SDK's limit, then nothing; two byte order marks.
    if (req.url === '/big') {
      res.writeHead(500, { 'content-type': 'text/plain', 'content-length': String(300 * 1024 * 1024) });
      return res.flushHeaders();
    }
    if (req.url === '/boms') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(Buffer.from('\ufeff\ufeff"two boms"'));
    }
    // helper-81: a plain-text error body the SDK cuts at 200 characters, a secret across the cut.
    if (req.url?.startsWith('/cut/')) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end(
        `${'a'.repeat(180)}${req.url.slice('/cut/'.length)} ${process.env['CUT_ECHO'] ?? ''} end`,
      );
    }
    const status = req.url?.includes('/ok/') ? 200 : 400;
    // helper-80: a header of the secret's UTF-8 bytes, which fetch reads as Latin-1 (`Ã¤`).
    const raw = Buffer.from(decodeURIComponent(req.url ?? ''), 'utf8').toString('latin1');
    res.writeHead(status, { 'content-type': 'application/json', 'x-echo-raw': raw });
    res.end(JSON.stringify({ message: `got ${req.url}`, [`${req.url}`]: req.url?.toLowerCase() }));
  });
  server = echo;
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

/** Runs `agent-cli api GET <path>` through the bin (not spawnSync: the server runs in this process). */
function api(path: string, ...more: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return apiWith({}, path, ...more);
}

/** {@link api} with more environment (a password only the CLI knows). */
function apiWith(
  extra: Record<string, string>,
  path: string,
  ...more: string[]
): Promise<{ status: number; stdout: string; stderr: string }> {
  const env = {
    PATH: process.env['PATH'],
    AGENT_CLI_BASE_URL: url,
    AGENT_CLI_TOKEN: TOKEN,
    AGENT_CLI_CONFIG_DIR: dir,
    ...extra,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'api', 'GET', path, ...more], { env }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('agent-cli api: a server that echoes the secret it was sent in the path', () => {
  const typed = ['/x/ä:secret|token^x', '/x/%C3%A4:secret%7Ctoken%5Ex', '/x/%c3%a4:secret%7ctoken%5ex'];
  it.for(typed)('hides it in the error body on stdout and in every line of stderr (%s)', async (path) => {
    for (const more of [[], ['--verbose'], ['--include']]) {
      const result = await api(path, ...more);
      expect(result.status).toBe(1);
      expect(result.stdout).toContain('[REDACTED]');
      for (const form of ['secret', ':sec']) expect(result.stdout + result.stderr).not.toContain(form);
    }
  });

  it('prints a 2xx body as the server sent it (it is the data asked for, as gh api does)', async () => {
    const result = await api('/ok/ä:secret|token^x');
    expect(result.status).toBe(0);
    // As this Node's URL writes the path (Node 24 encodes `^`, Node 20 does not).
    const sent = new URL('http://h/ok/ä:secret|token^x').pathname;
    expect(JSON.parse(result.stdout).message).toBe(`got ${sent}`);
  });

  it('hides it in an error message the SDK cuts at 200 characters, the secret across the cut', async () => {
    for (const path of ['/cut/%C3%A4:secret|token^x', '/cut/%c3%a4:secret%7Ctoken%5Ex']) {
      const result = await api(path);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^error: a{180}\[REDACTED\]/);
      expect(result.stdout + result.stderr).not.toContain('secret');
    }
  });

  it('refuses an error answer whose declared length is over the limit before reading it', async () => {
    const result = await api('/big', '--timeout', '20000');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/larger than 256 MiB \(maxResponseBytes\)/);
  });

  it("keeps an error body's bytes but the secrets (a byte order mark is dropped once, by the SDK)", async () => {
    const result = await api('/boms');
    expect(result.status).toBe(1);
    // One mark dropped, the second one is text: not JSON, printed as the text it is.
    expect(JSON.parse(result.stdout)).toBe('\ufeff"two boms"');
  });

  it.for([
    // JSON's own words stay what they are; a number holding the password is hidden whole.
    ['true', { error: true, data: null, message: 'http fail', code: 1234, big: 12345678901234567000 }],
    ['1234', { error: true, data: null, message: 'http fail', code: '[REDACTED]', big: '[REDACTED]' }],
  ] as const)(
    'keeps a JSON error body JSON when a password (%s) matches its syntax',
    async ([password, body]) => {
      const result = await apiWith({ AGENT_CLI_PASSWORD: password, AGENT_CLI_EMAIL: 'u@example.com' }, '/e1');
      expect(result.status).toBe(1);
      expect(JSON.parse(result.stdout)).toEqual(body);
      expect(result.stderr.split('\n')[0]).toBe('error: http fail (HTTP 400)');
    },
  );
});
