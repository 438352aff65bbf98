import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

// The CLI's own fetch on node:http (src/http/node-fetch.ts) against answers Node's fetch takes in its
// stride (attack on the light fetch, 2026-11-26): each case through the shipped bin.
const e2e = useE2E();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

/** A raw HTTP server on 127.0.0.1 that answers every request with `answer` (bytes as written). */
async function rawServer(answer: (socket: Socket) => void): Promise<string> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => answer(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => {
    server.close();
    for (const socket of sockets) socket.destroy();
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const head = (status: string, headers: string[]) => `HTTP/1.1 ${status}\r\n${headers.join('\r\n')}\r\n\r\n`;
const api = (url: string, ...argv: string[]) =>
  e2e.run(['--timeout', '3000', 'api', ...argv], {
    env: { AGENT_CLI_BASE_URL: url, AGENT_CLI_TOKEN: 'token-for-tests', AGENT_CLI_ORG: 'org' },
  });

describe('agent-cli and odd answers from a server (its own fetch on node:http)', { timeout: 60_000 }, () => {
  it('a connection that never opens is "not sent", not "may have been processed"', async () => {
    // A listener that is stopped with its accept queue full: the kernel drops further SYNs.
    const child: ChildProcess = spawn(
      process.execPath,
      [
        '-e',
        "require('net').createServer().listen({port:0,host:'127.0.0.1',backlog:1},function(){console.log(this.address().port)})",
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    cleanups.push(() => child.kill('SIGKILL'));
    const [line] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    const port = Number(String(line).trim());
    child.kill('SIGSTOP');
    const fillers = Array.from({ length: 6 }, () => connect(port, '127.0.0.1').on('error', () => undefined));
    cleanups.push(() => {
      for (const f of fillers) f.destroy();
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await e2e.run(['--timeout', '1000', 'api', 'POST', '/x'], {
      env: { AGENT_CLI_BASE_URL: `http://127.0.0.1:${port}`, AGENT_CLI_TOKEN: 'token-for-tests' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not sent');
    expect(result.stderr).not.toContain('may have been processed');
  });

  it.each([
    ['600 with a body that never ends', '600 Odd', ['transfer-encoding: chunked'], 1],
    ['205 with a body that never ends', '205 Reset Content', ['transfer-encoding: chunked'], 0],
  ])('%s: the run ends with its answer', async (_, status, headers, code) => {
    const url = await rawServer((socket) => {
      socket.write(head(status, headers));
      const drip = setInterval(() => socket.write('1\r\nx\r\n'), 50);
      socket.on('close', () => clearInterval(drip));
      cleanups.push(() => clearInterval(drip));
    });
    const result = await api(url, 'POST', '/x');
    expect(result.code, result.stderr).toBe(code);
  });

  it('a reason phrase with DEL or ESC in it does not fail an answer that arrived', async () => {
    const body = '{"ok":true}';
    const url = await rawServer((socket) =>
      socket.end(
        head('200 OK\x7f\x1b', ['content-type: application/json', `content-length: ${body.length}`]) + body,
      ),
    );
    const result = await api(url, 'GET', '/x');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true });
  });

  it.each([
    ['gzip, gzip', gzipSync(gzipSync('{"twice":true}'))],
    ['deflate (raw, without the zlib wrapper)', deflateRawSync('{"raw":true}')],
  ])('content-encoding %s is undone as fetch undoes it', async (name, bytes) => {
    const coding = name.startsWith('deflate') ? 'deflate' : name;
    const url = await rawServer((socket) => {
      socket.write(
        head('200 OK', [
          'content-type: application/json',
          `content-encoding: ${coding}`,
          `content-length: ${bytes.length}`,
        ]),
      );
      socket.end(bytes);
    });
    const result = await api(url, 'GET', '/x');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(name.startsWith('deflate') ? { raw: true } : { twice: true });
  });

  it('a repeated header is joined as fetch joins it, not cut to its first value', async () => {
    const body = '{"ok":true}';
    const lines = [
      'content-type: application/json',
      'content-type: text/html',
      `content-length: ${body.length}`,
    ];
    const url = await rawServer((socket) => socket.end(head('200 OK', lines) + body));
    const result = await api(url, 'GET', '/x', '--include');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/content-type: application\/json, text\/html/i);
  });

  it.each(['gzip', 'br'])('an empty body marked content-encoding %s is an empty answer', async (coding) => {
    const url = await rawServer((socket) =>
      socket.end(head('201 Created', [`content-encoding: ${coding}`, 'content-length: 0'])),
    );
    const result = await api(url, 'POST', '/x');
    expect(result.code, result.stderr).toBe(0);
  });
});
