import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
let server: Server;
const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('an answer without the expected body is said in plain words (attack L5)', {
  timeout: 60_000,
}, () => {
  it('credentials list answered 204', async () => {
    const result = await e2e.run(['credentials', 'list'], {
      env: { AGENT_CLI_TOKEN: 'T', AGENT_CLI_BASE_URL: url() },
    });
    expect(result.stderr).toBe(
      'error: unexpected answer from GET /credentials (HTTP 204): the body is missing (a list was expected)\n',
    );
    expect(result.code).toBe(1);
  });
});
