import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
let server: Server;
const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 403, message: 'Forbidden resource' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a 403 hints at --org only where an org was used (attack L9)', { timeout: 60_000 }, () => {
  it('credentials list (no org): no --org hint', async () => {
    const result = await e2e.run(['credentials', 'list'], {
      env: { AGENT_CLI_TOKEN: 'T', AGENT_CLI_BASE_URL: url() },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: Forbidden resource/);
    expect(result.stderr).not.toContain('--org');
  });

  it('offers create (org-scoped): the --org hint', async () => {
    const flags = ['--credential-type', 'jsonld', '--cred-def-id', 'cd', '--file', fixture('offer.json')];
    const result = await e2e.run(['offers', 'create', '--org', 'o1', ...flags], {
      env: { AGENT_CLI_TOKEN: 'T', AGENT_CLI_BASE_URL: url() },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('hint: check --org');
  });
});
