import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { lstat, mkdtemp, open, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../../../scripts/source-condition.mjs';
import { DEMO_ORG_ID } from '../src/index.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-sandbox-'));
  dirs.push(dir);
  return dir;
}

/** Runs `src/bin.ts` through tsx, the SDK from its sources too, so no build is needed. */
function runBin(args: string[]): ChildProcess {
  const node = [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx'];
  const child = spawn(process.execPath, [...node, 'src/bin.ts', ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

async function readLines(child: ChildProcess, count: number): Promise<string[]> {
  let text = '';
  for await (const chunk of child.stdout ?? []) {
    text += String(chunk);
    if (text.split('\n').length > count) break;
  }
  return text.split('\n').slice(0, count);
}

/** Resolves once `check` holds (the file is written just after the banner). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Resolves once `child` has exited, killing it first if it still runs. */
function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

afterAll(async () => {
  // A sandbox still running (a SIGTERM not yet acted on) could write its --url-file into a
  // directory being removed and leave it behind: wait for every child to be gone first.
  await Promise.all(children.splice(0).map(ended));
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The most memory a process has held (VmHWM, Linux), in MB. */
async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024;
}

/** Streams `total` bytes as a POST body; resolves with the status, or the error that ended it. */
function postHuge(url: string, total: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(total) },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let sent = 0;
    const pump = (): void => {
      while (sent < total && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

// Each test starts tsx, which takes seconds on a loaded machine.
describe.concurrent('agent-sandbox', { timeout: 60_000 }, () => {
  it('prints its URL first, then the demo user and org, serves, and exits 0 on SIGTERM', async () => {
    const child = runBin(['--port', '0', '--faults', 'status:503:path=/credentials:times=1']);
    const lines = await readLines(child, 4);
    const url = /^Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0] ?? '')?.[1];
    expect(url).toBeDefined();
    expect(lines.slice(1).join('\n')).toContain('issuer@example.com');
    expect(lines[3]).toContain(DEMO_ORG_ID);
    const faulted = await fetch(`${url}/credentials`);
    expect(faulted.status).toBe(503);
    expect((await fetch(`${url}/credentials`)).status).toBe(401);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  });

  it('prints the keys, the agent line and the exact base-url and agent-url to configure (line 2.1 by default)', async () => {
    const child = runBin(['--flavor', 'platform', '--agent-key']);
    const lines = await readLines(child, 10);
    const url = /^Sandbox listening on (\S+)$/.exec(lines[0] ?? '')?.[1];
    const passwordKey = /^Password key:\s+(\S+)$/.exec(lines[4] ?? '')?.[1];
    const agentKey = /^Agent key:\s+(\S+)$/.exec(lines[5] ?? '')?.[1];
    expect(passwordKey).toMatch(/^[\w-]{20,}$/);
    expect(agentKey).toMatch(/^[\w-]{20,}$/);
    expect(lines.slice(6, 9)).toEqual([
      'Agent line:    2.1',
      'Configure agent-cli with:',
      `  agent-cli config set base-url ${url}/v1`,
    ]);
    expect(lines[9]).toBe(`  agent-cli config set agent-url ${url}`);
    // Line 2.1: the raw key only at POST /agent/token; its token on the /didcomm routes.
    const key = { authorization: agentKey ?? '' };
    expect((await fetch(`${url}/didcomm/credentials`, { headers: key })).status).toBe(401);
    expect((await fetch(`${url}/credentials`, { headers: key })).status).toBe(404);
    const exchange = await fetch(`${url}/agent/token`, { method: 'POST', headers: key });
    const { token } = (await exchange.json()) as { token: string };
    const listed = await fetch(`${url}/didcomm/credentials`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    child.kill('SIGTERM');
  });

  it('serves line 2.0 with --agent-line 2.0: the raw key on the root routes, no /agent/token', async () => {
    const child = runBin(['--flavor', 'platform', '--agent-key', '--agent-line', '2.0']);
    const lines = await readLines(child, 7);
    const url = /^Sandbox listening on (\S+)$/.exec(lines[0] ?? '')?.[1];
    const agentKey = /^Agent key:\s+(\S+)$/.exec(lines[5] ?? '')?.[1];
    expect(lines[6]).toBe('Agent line:    2.0');
    const key = { authorization: agentKey ?? '' };
    expect((await fetch(`${url}/credentials`, { headers: key })).status).toBe(200);
    expect((await fetch(`${url}/agent/token`, { method: 'POST', headers: key })).status).toBe(404);
    child.kill('SIGTERM');
  });

  it('exits 2 with a message for an invalid fault spec', async () => {
    const child = runBin(['--faults', 'explode']);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += String(chunk);
    });
    expect((await once(child, 'exit'))[0]).toBe(2);
    expect(stderr).toMatch(/^agent-sandbox: Invalid fault/);
  });

  it('prints its version with --version', async () => {
    const child = runBin(['--version']);
    const [lines] = await Promise.all([readLines(child, 1), once(child, 'exit')]);
    const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(lines[0]).toBe(version);
    expect(child.exitCode).toBe(0);
  });

  it('on 0.0.0.0 prints a URL a client can reach, and writes it to --url-file once listening', async () => {
    const file = join(await tempDir(), 'sandbox.url');
    const child = runBin([
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--url-file',
      file,
      '--url-file-format',
      'url',
    ]);
    const [first] = await readLines(child, 1);
    const url = /^Sandbox listening on (\S+)$/.exec(first ?? '')?.[1] as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await until(() =>
      readFile(file, 'utf8').then(
        () => true,
        () => false,
      ),
    );
    expect(await readFile(file, 'utf8')).toBe(`${url}\n`);
    expect((await fetch(`${url}/credentials`)).status).toBe(401);
    child.kill('SIGTERM');
  });

  it('--url-file appears only after the banner, whole, as owner-only JSON with all a rehearsal needs', async () => {
    const dir = await tempDir();
    const file = join(dir, 'sandbox.json');
    const log = await open(join(dir, 'sandbox.log'), 'w');
    const node = [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx'];
    const args = ['src/bin.ts', '--port', '0', '--flavor', 'platform', '--agent-key', '--url-file', file];
    const child = spawn(process.execPath, [...node, ...args], {
      cwd: packageDir,
      stdio: ['ignore', log.fd, 'pipe'],
    });
    children.push(child);
    // As a CI step polls: the first time the file exists, it and the log must be complete.
    let first: string | undefined;
    while (first === undefined && child.exitCode === null) {
      try {
        first = readFileSync(file, 'utf8');
      } catch {
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const banner = readFileSync(join(dir, 'sandbox.log'), 'utf8');
    await log.close();
    const info = JSON.parse(first ?? '') as { agentUrl: string; agentKey: string };
    const url = /^Sandbox listening on (\S+)$/m.exec(banner)?.[1];
    expect(info).toEqual({
      url,
      baseUrl: `${url}/v1`,
      agentUrl: url,
      flavor: 'platform',
      orgId: DEMO_ORG_ID,
      email: 'issuer@example.com',
      password: 'demo-password',
      passwordKey: /^Password key: +(\S+)$/m.exec(banner)?.[1],
      agentKey: /^Agent key: +(\S+)$/m.exec(banner)?.[1],
      agentLine: '2.1',
    });
    expect(banner).toContain(`Demo org id:   ${DEMO_ORG_ID}`);
    expect(banner).toContain(`agent-cli config set agent-url ${url}`);
    expect((await lstat(file)).mode & 0o777).toBe(0o600);
    expect(
      (
        await fetch(`${info.agentUrl}/agent/token`, {
          method: 'POST',
          headers: { authorization: info.agentKey },
        })
      ).status,
    ).toBe(200);
    child.kill('SIGTERM');
  });

  it('--url-file never writes through a planted symlink, at the file or at its temporary name', async () => {
    const dir = await tempDir();
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'precious\n');
    const file = join(dir, 'sandbox.url');
    await symlink(victim, `${file}.tmp`);
    const child = runBin(['--port', '0', '--url-file', file]);
    const [first] = await readLines(child, 1);
    const url = /^Sandbox listening on (\S+)$/.exec(first ?? '')?.[1] as string;
    await until(() =>
      readFile(file, 'utf8')
        .then((text) => JSON.parse(text).url === url)
        .catch(() => false),
    );
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
    expect(await readlink(`${file}.tmp`)).toBe(victim);
    expect((await lstat(file)).mode & 0o777).toBe(0o600);
    child.kill('SIGTERM');

    // A symlink at the file itself is replaced, not followed.
    await rm(`${file}.tmp`);
    await rm(file);
    await symlink(victim, file);
    const second = runBin(['--port', '0', '--url-file', file]);
    await readLines(second, 1);
    await until(() => lstat(file).then((stat) => !stat.isSymbolicLink()));
    expect((await lstat(file)).isSymbolicLink()).toBe(false);
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
    second.kill('SIGTERM');
  });

  it.skipIf(process.platform !== 'linux')(
    'an 800 MB POST is refused with 413 without the sandbox holding it',
    async () => {
      const child = runBin(['--port', '0']);
      const [first] = await readLines(child, 1);
      const url = /^Sandbox listening on (\S+)$/.exec(first ?? '')?.[1] as string;
      const before = await peakRssMb(child.pid as number);
      const outcome = await postHuge(url, 800 * 1024 * 1024);
      // The 413 is sent before the body; a client still writing may see the connection close instead.
      expect([413, 'ECONNRESET', 'EPIPE']).toContain(outcome);
      expect((await fetch(`${url}/credentials`)).status).toBe(401);
      const peak = await peakRssMb(child.pid as number);
      expect(peak - before, `peak RSS ${peak} MB, ${before} MB before`).toBeLessThan(100);
      child.kill('SIGTERM');
    },
  );
});
