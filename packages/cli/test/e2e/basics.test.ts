import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { DEMO_ORG_ID, DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/startup/version.js';
import { useE2E } from './support/bench.js';

const e2e = useE2E();

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const login = () =>
  e2e.run(['login', '--email', DEMO_USER.email, '--password-stdin'], { stdin: `${DEMO_USER.password}\n` });

describe('the built agent-cli binary', { timeout: 30_000 }, () => {
  it('prints its version and exits 0', async () => {
    expect(await e2e.run(['--version'])).toEqual({ stdout: `${VERSION}\n`, stderr: '', code: 0 });
  });

  it('prints help on stdout and exits 0', async () => {
    const result = await e2e.run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: agent-cli \[options\] \[command\]/);
    expect(result.stderr).toBe('');
  });

  it('logs in from stdin and stores the token in a 0600 file inside a 0700 directory', async () => {
    const result = await login();
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^✓ Signed in as issuer@example.com/);
    expect(statSync(e2e.configDir()).mode & 0o777).toBe(0o700);
    expect(statSync(join(e2e.configDir(), 'config.json')).mode & 0o777).toBe(0o600);
    const config = JSON.parse(readFileSync(join(e2e.configDir(), 'config.json'), 'utf8'));
    expect(config.profiles.default.token.tokenType).toBe('Bearer');
  });

  it('exits 2 naming the flag, without waiting, when a value is missing in a pipe (stdin left open)', async () => {
    const { child, done } = e2e.spawn(['login'], { keepStdinOpen: true });
    const result = await done;
    child.stdin?.destroy();
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: missing --email (or set AGENT_CLI_EMAIL)\n');
  });

  it('exits 1 with the server message when a call fails', async () => {
    await login();
    const result = await e2e.run(['oob', 'get', 'no-such-id']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: OutOfBandRecord: record with id no-such-id not found. (HTTP 404)\n');
  });

  it('exits 3 when a bulk run sends some rows and refuses others, naming the bad row', async () => {
    await login();
    const csv = join(e2e.configDir(), 'holders.csv');
    writeFileSync(csv, 'email,name\r\nada@example.com,Ada\r\nnot-an-email,Bob\r\n');
    const flags = ['--credential-type', 'indy', '--cred-def-id', 'cd-1', '--comment', 'Welcome'];
    const result = await e2e.run(['offers', 'email', '--csv', csv, ...flags, '--org', DEMO_ORG_ID]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('line 3 (not-an-email)');
    expect(e2e.sandbox().sandbox.deliveries('ada@example.com')).toBe(1);
    expect(e2e.sandbox().sandbox.totalDeliveries()).toBe(1);
  });

  it('exits 4 with the login hint when the stored token is rejected', async () => {
    await login();
    e2e.sandbox().sandbox.state.tokens.clear();
    const result = await e2e.run(['credentials', 'list']);
    expect(result.code).toBe(4);
    expect(result.stderr).toBe('error: Unauthorized (HTTP 401)\nhint: run: agent-cli login\n');
  });

  it('exits 4 after logout', async () => {
    await login();
    expect((await e2e.run(['logout'])).code).toBe(0);
    const result = await e2e.run(['credentials', 'list']);
    expect(result.code).toBe(4);
  });

  it('exits 2 for a plain http:// base URL that is not loopback', async () => {
    const result = await e2e.run(['credentials', 'list', '--base-url', 'http://agent.example.com']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refusing plain http:// to agent.example.com');
  });

  it('exits 1 when the service cannot be reached, naming where it tried (issue 20, item 15)', async () => {
    const port = await closedPort();
    const result = await e2e.run(['credentials', 'list'], {
      env: { AGENT_CLI_BASE_URL: `http://127.0.0.1:${port}`, AGENT_CLI_TOKEN: 'any-token' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: Could not reach http://127.0.0.1:${port} (GET /credentials): ECONNREFUSED\n`,
    );
  });

  it('names the origin, with its port, when the host name does not resolve', async () => {
    const result = await e2e.run(['credentials', 'list'], {
      env: { AGENT_CLI_BASE_URL: 'https://agent.invalid/api', AGENT_CLI_TOKEN: 'any-token' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^error: Could not reach https:\/\/agent\.invalid:443 \(GET \/credentials\): (ENOTFOUND|EAI_AGAIN)\n/,
    );
  });

  it('names the origin when the TLS handshake fails (https:// to a plain HTTP server)', async () => {
    const origin = new URL(e2e.sandbox().url);
    const result = await e2e.run(['credentials', 'list'], {
      env: { AGENT_CLI_BASE_URL: `https://${origin.host}`, AGENT_CLI_TOKEN: 'any-token' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^error: Could not reach https://${origin.host} \\(GET /credentials\\): TLS handshake failed`,
      ),
    );
  });

  it('leaks no token and no password in any output of this file', () => {
    e2e.expectNoSecretsInOutput();
  });
});
