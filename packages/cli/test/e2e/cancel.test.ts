import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();

/** Resolves once the sandbox has received a request to `path` (the CLI is then waiting on it). */
async function requestArrived(method: string, path: string, before: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (e2e.sandbox().sandbox.requestCount(method, path) > before) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${method} ${path} arrived`);
}

describe('Ctrl-C during a call', { timeout: 30_000 }, () => {
  it('cancels a slow login with exit 130 and leaves the config file untouched', async () => {
    expect((await e2e.run(['config', 'set', 'org', 'org-1'])).code).toBe(0);
    const file = join(e2e.configDir(), 'config.json');
    const before = readFileSync(file, 'utf8');
    e2e.sandbox().sandbox.faults.add({ kind: 'latency', path: '/auth/signin', ms: 20_000, times: 1 });
    const count = e2e.sandbox().sandbox.requestCount('POST', '/auth/signin');
    const { child, done } = e2e.spawn(['login', '--email', DEMO_USER.email, '--password-stdin'], {
      stdin: DEMO_USER.password,
    });
    await requestArrived('POST', '/auth/signin', count);
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    // What happened: the service may have signed in, but no token was kept (attack L11).
    expect(result.stderr).toBe(
      'cancelled: the sign-in was sent and may have completed on the service; nothing was stored\n',
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('cancels a slow list with exit 130 and prints no data', async () => {
    e2e.sandbox().sandbox.faults.add({ kind: 'latency', path: '/credentials', ms: 20_000, times: 1 });
    const token = e2e.sandbox().sandbox.issueToken();
    const count = e2e.sandbox().sandbox.requestCount('GET', '/credentials');
    const { child, done } = e2e.spawn(['credentials', 'list', '--json'], { env: { AGENT_CLI_TOKEN: token } });
    await requestArrived('GET', '/credentials', count);
    child.kill('SIGINT');
    const result = await done;
    expect(result).toEqual({ stdout: '', stderr: 'cancelled\n', code: 130 });
  });

  it('says a cancelled POST may have been processed (item 16)', async () => {
    const result = await signalSlowPost('SIGINT');
    expect(result.code).toBe(130);
    expect(result.stderr).toBe(
      'cancelled: POST /schemas was sent and may have been processed by the service; check before running it again\n',
    );
  });
});

/** Starts `schemas create` against a POST /schemas that answers in 20 s, and sends `signal` once it arrived. */
async function signalSlowPost(signal: NodeJS.Signals) {
  e2e.sandbox().sandbox.faults.add({ kind: 'latency', path: '/schemas', ms: 20_000, times: 1 });
  const token = e2e.sandbox().sandbox.issueToken();
  const count = e2e.sandbox().sandbox.requestCount('POST', '/schemas');
  const argv = [
    'schemas',
    'create',
    '--issuer-id',
    'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
  ];
  const { child, done } = e2e.spawn([...argv, '--name', 'S', '--version', '1.0.0', '--attr', 'a'], {
    env: { AGENT_CLI_TOKEN: token },
  });
  await requestArrived('POST', '/schemas', count);
  child.kill(signal);
  return done;
}

describe('SIGTERM during a call (attack F8): handled like Ctrl-C, exit 143', { timeout: 30_000 }, () => {
  it('says a terminated POST may have been processed', async () => {
    const result = await signalSlowPost('SIGTERM');
    expect(result).toEqual({
      stdout: '',
      stderr:
        'cancelled: POST /schemas was sent and may have been processed by the service; check before running it again\n',
      code: 143,
    });
  });

  it('ends a slow list with "cancelled" and no data', async () => {
    e2e.sandbox().sandbox.faults.add({ kind: 'latency', path: '/credentials', ms: 20_000, times: 1 });
    const count = e2e.sandbox().sandbox.requestCount('GET', '/credentials');
    const { child, done } = e2e.spawn(['credentials', 'list', '--json'], {
      env: { AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken() },
    });
    await requestArrived('GET', '/credentials', count);
    child.kill('SIGTERM');
    expect(await done).toEqual({ stdout: '', stderr: 'cancelled\n', code: 143 });
  });
});
