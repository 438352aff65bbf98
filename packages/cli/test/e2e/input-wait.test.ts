import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { type BinRun, useE2E } from './support/bench.js';
import { BIN } from './support/build.js';
import { Pane } from './support/shells.js';
import { runsProgram } from './support/signals.js';
import { hasTmux, shellLine } from './support/terminal.js';

const e2e = useE2E();
const ISSUER = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
/** A schema's body; each test names its own (the sandbox refuses a schema twice). */
const body = (name: string) =>
  JSON.stringify({ issuerId: ISSUER, name, version: '1.0.0', attributes: ['a'] });
const env = () => ({ AGENT_CLI_ORG: DEMO_ORG_ID, AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken() });

let fifos = 0;
/** A FIFO in the test's directory that nobody writes to (yet). */
function fifo(): string {
  fifos += 1;
  const path = join(e2e.configDir(), `body-${fifos}.fifo`);
  execFileSync('mkfifo', [path]);
  return path;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the CLI `pid` runs its program, then a little longer (it is then waiting on its input). */
async function waiting(pid: number | undefined): Promise<void> {
  for (let i = 0; i < 500 && (pid === undefined || !runsProgram(pid)); i++) await sleep(20);
  await sleep(300);
}

/** `done`, or what a CLI that ignored the signal gives after 5 s: SIGKILL, `code: null`. */
async function within5s(
  child: { kill(signal: NodeJS.Signals): boolean },
  done: Promise<BinRun>,
): Promise<BinRun> {
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  try {
    return await done;
  } finally {
    clearTimeout(timer);
  }
}

describe('an input file that is awaited (--file, --input)', { timeout: 60_000 }, () => {
  it.for([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('a FIFO with no writer: %s ends the wait at once (exit %i)', async ([signal, code]) => {
    const { child, done } = e2e.spawn(['schemas', 'create', '--file', fifo(), '--json'], { env: env() });
    await waiting(child.pid);
    child.kill(signal);
    expect(await within5s(child, done)).toEqual({ stdout: '', stderr: 'cancelled\n', code });
  });

  it('a FIFO whose writer comes later is read as it writes', async () => {
    const path = fifo();
    const { child, done } = e2e.spawn(['schemas', 'create', '--file', path, '--json'], { env: env() });
    await waiting(child.pid);
    writeFileSync(path, body('fifo-later'));
    const result = await within5s(child, done);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ schema: { name: 'fifo-later' } });
  });

  it('a pipe from bash (<(…)) is read, for --file and for api --input', async () => {
    const lines = [
      ['substituted-file', [BIN, 'schemas', 'create', '--json', '--file']],
      ['substituted-input', [BIN, 'api', 'POST', '/schemas', '--input']],
    ] as const;
    for (const [name, words] of lines) {
      const script = `exec "$0" ${shellLine(words)} <(sleep 0.2; printf '%s' '${body(name)}')`;
      // Not spawnSync: the sandbox answers from this process.
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          'bash',
          ['--norc', '-c', script, process.execPath],
          { env: e2e.env(env()) },
          (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
        );
        child.stdin?.end();
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(`"name": "${name}"`);
    }
  });

  it('--file - on an open pipe that never ends: Ctrl-C (SIGINT) ends the wait (exit 130)', async () => {
    const { child, done } = e2e.spawn(['schemas', 'create', '--file', '-', '--json'], {
      env: env(),
      keepStdinOpen: true,
    });
    await waiting(child.pid);
    child.kill('SIGINT');
    expect(await within5s(child, done)).toEqual({ stdout: '', stderr: 'cancelled\n', code: 130 });
  });

  // helper-76: tmux sends SIGHUP and the kernel another as the session's leader ends; one that
  // came after the event loop drained, while Node put back each signal's default, ended the
  // process by the signal (1 run in 8 under load; every run under a signal a millisecond).
  it.for([
    ['SIGHUP', 129],
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '--file - on an open pipe, %s every millisecond: exit %i, never death by the signal',
    async ([signal, code]) => {
      for (let run = 0; run < 3; run++) {
        const { child, done } = e2e.spawn(['schemas', 'create', '--file', '-', '--json'], {
          env: env(),
          keepStdinOpen: true,
        });
        await waiting(child.pid);
        const barrage = setInterval(() => child.kill(signal), 1);
        try {
          expect((await within5s(child, done)).code).toBe(code);
        } finally {
          clearInterval(barrage);
        }
      }
    },
  );

  it.each([
    ['--file /dev/zero', ['schemas', 'create', '--file', '/dev/zero'], '--file /dev/zero'],
    ['api --input /dev/zero', ['api', 'POST', '/schemas', '--input', '/dev/zero'], '--input /dev/zero'],
  ])(
    '%s: refused once it holds more than 16 MiB (exit 2), not read until memory runs out',
    async (_, args, named) => {
      const result = await e2e.run(args, { env: env() });
      expect(result).toEqual({
        stdout: '',
        stderr: `error: ${named}: cannot read it (EFBIG: larger than 16 MiB)\n`,
        code: 2,
      });
    },
  );

  it.each([
    ['--file', ['schemas', 'create', '--file']],
    ['--input', ['api', 'POST', '/schemas', '--input']],
  ])(
    '%s naming a file that is not JSON is refused without quoting it (it may be a secret)',
    async (flag, args) => {
      const file = join(e2e.configDir(), 'token.txt');
      writeFileSync(file, 'sk_live_0123456789abcdef\n');
      const result = await e2e.run([...args, file], { env: env() });
      expect(result).toEqual({
        stdout: '',
        stderr: `error: ${flag} ${file}: not valid JSON (Unexpected token 's')\n`,
        code: 2,
      });
    },
  );

  it.each([
    ['config set password-key -', ['config', 'set', 'password-key', '-']],
    ['--password-stdin', ['login', '--email', 'a@example.com', '--password-stdin']],
  ])(
    '%s from an endless stdin (/dev/zero) is refused past 64 KiB (exit 2), not read until memory runs out',
    async (flag, args) => {
      const child = spawn(process.execPath, [BIN, ...args], {
        env: e2e.env(env()),
        stdio: [openSync('/dev/zero', 'r'), 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const done = new Promise<BinRun>((resolve) =>
        child.on('close', (code) => resolve({ stdout: '', stderr, code })),
      );
      expect(await within5s(child, done)).toEqual({
        stdout: '',
        stderr: `error: ${flag}: stdin holds more than 64 KiB, which is not a secret value\n`,
        code: 2,
      });
    },
  );

  // Attack helper-73 (nit): `head -c 65536 key | … ` worked, the same key as a line (65,537 bytes
  // with its newline, as `echo` and editors write it) was refused.
  it.each([
    ['\n', 0],
    ['\r\n', 0],
    ['x', 2],
    ['\n\n', 2],
  ])('config set password-key -: 64 KiB followed by %j is exit %i', async (end, code) => {
    const key = 'k'.repeat(64 * 1024);
    const result = await e2e.run(['config', 'set', 'password-key', '-'], {
      env: env(),
      stdin: `${key}${end}`,
    });
    expect(result.code).toBe(code);
    if (code === 2)
      expect(result.stderr).toBe(
        'error: config set password-key -: stdin holds more than 64 KiB, which is not a secret value\n',
      );
  });

  // Attack helper-74: `printf 'x\n\n'` stored "x\n" (sign-in then failed unexplained); bytes that
  // are not UTF-8 were stored as U+FFFD, or counted past 64 KiB once decoded.
  it.each([
    ['two line ends', Buffer.from('x\n\n'), 'stdin holds more than one line, which is not a secret value'],
    [
      'a line end inside',
      Buffer.from('x\ny\n'),
      'stdin holds more than one line, which is not a secret value',
    ],
    ['a byte that is not UTF-8', Buffer.from([0x61, 0x62, 0xff]), 'stdin is not UTF-8 text'],
    // helper-75: other line breaks and control characters were stored.
    [
      'a line separator (U+2028)',
      Buffer.from('sek\u2028rit'),
      'stdin holds more than one line, which is not a secret value',
    ],
    [
      'a next line (U+0085)',
      Buffer.from('sek\u0085rit'),
      'stdin holds more than one line, which is not a secret value',
    ],
    ['a form feed', Buffer.from('sek\frit'), 'stdin holds more than one line, which is not a secret value'],
    [
      'an escape',
      Buffer.from('sek\u001b[31mrit'),
      'stdin holds a control character (U+001B), which is not part of a secret value',
    ],
    [
      'a NUL byte',
      Buffer.from('sek\u0000rit'),
      'stdin holds a control character (U+0000), which is not part of a secret value',
    ],
    [
      '64 KiB ending in a byte that is not UTF-8',
      Buffer.concat([Buffer.alloc(65_535, 'a'), Buffer.from([0xff])]),
      'stdin is not UTF-8 text',
    ],
  ])('config set password-key -: %s is refused (exit 2), nothing stored', async (_, bytes, message) => {
    const config = join(e2e.configDir(), 'config.json');
    const stored = () => (existsSync(config) ? readFileSync(config, 'utf8') : undefined);
    const before = stored();
    const result = await e2e.run(['config', 'set', 'password-key', '-'], { env: env(), stdin: bytes });
    expect(result).toEqual({ stdout: '', stderr: `error: config set password-key -: ${message}\n`, code: 2 });
    expect(stored()).toBe(before);
  });

  // helper-75: a key saved by Notepad starts with a byte order mark, which was stored in the key.
  it('config set password-key -: a byte order mark before the value is not part of it', async () => {
    const result = await e2e.run(['config', 'set', 'password-key', '-'], {
      env: env(),
      stdin: Buffer.from('\uFEFFsekrit\n'),
    });
    expect(result.code).toBe(0);
    const stored = readFileSync(join(e2e.configDir(), 'config.json'), 'utf8');
    expect(stored).toContain('"sekrit"');
    expect(stored).not.toMatch(/\ufeff|\\ufeff/i);
  });

  it('--file holding bytes that are not UTF-8 is refused naming it (exit 2), nothing sent', async () => {
    const file = join(e2e.configDir(), 'latin1.json');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(body('caf')).subarray(0, -30),
        Buffer.from([0xe9]),
        Buffer.from(body('x')).subarray(-30),
      ]),
    );
    const result = await e2e.run(['schemas', 'create', '--file', file], { env: env() });
    expect(result).toEqual({ stdout: '', stderr: `error: --file ${file}: not UTF-8 text\n`, code: 2 });
  });

  it('a directory is refused naming it (exit 2)', async () => {
    const result = await e2e.run(['schemas', 'create', '--file', e2e.configDir()], { env: env() });
    expect(result).toEqual({
      stdout: '',
      stderr: `error: --file ${e2e.configDir()}: cannot read it (EISDIR)\n`,
      code: 2,
    });
  });
});

describe.skipIf(!hasTmux)('--file - at a terminal', { timeout: 60_000 }, () => {
  let pane: Pane | undefined;
  afterEach(() => pane?.stop());

  it('Ctrl-C while it waits for the body ends the run at once (exit 130)', async () => {
    pane = new Pane('input-wait');
    const words = [process.execPath, BIN, 'schemas', 'create', '--file', '-', '--json'];
    const vars = Object.entries(e2e.env(env())).map(([k, v]) => `${k}=${v ?? ''}`);
    const line = `env -i ${shellLine(vars)} ${shellLine(words)}; echo "exit=$?"; sleep 60`;
    pane.start(`bash --norc -c ${shellLine([line])}`, e2e.configDir(), {});
    const started = Date.now();
    for (;;) {
      const found = spawnSync('pgrep', ['-f', `${BIN} schemas create --file -`], { encoding: 'utf8' }).stdout;
      // The shell's command line holds the words too: the CLI's is node's, with the bin as its first
      // argument (not /proc/PID/comm, which Node 24 and later name after the main thread).
      const argv = (p: string) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
        } catch {
          return []; // it ended meanwhile
        }
      };
      const pid = found.split('\n').find((p) => p !== '' && argv(p)[1] === BIN);
      if (pid !== undefined) {
        await waiting(Number(pid));
        break;
      }
      if (Date.now() - started > 10_000) throw new Error(`the CLI never started:\n${pane.screen()}`);
      await sleep(50);
    }
    pane.keys('C-c');
    const screen = await pane.waitFor(/exit=\d+/);
    expect(screen).toMatch(/cancelled\s*\n\s*exit=130/);
  });
});
