import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';

// A server that echoes the Authorization header it got in a response header.
let server: Server | undefined;
let url = '';
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-cli-api-'));
  const echo = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-echo': `seen ${req.headers.authorization}` });
    res.end('{}');
  });
  server = echo;
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('agent-cli api --include', () => {
  it("scrubs the run's secrets from the headers it prints (a server may echo the token)", async () => {
    const token = 'tok-secret-123456';
    const result = await runCli(['api', 'GET', '/x', '--include'], {
      env: { AGENT_CLI_BASE_URL: url, AGENT_CLI_TOKEN: token, AGENT_CLI_CONFIG_DIR: dir },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^x-echo: seen Bearer \[REDACTED\]$/m);
    expect(result.stdout + result.stderr).not.toContain(token);
  });
});
