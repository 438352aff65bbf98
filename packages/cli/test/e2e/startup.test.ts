import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { BIN, ensureBuilt } from './support/build.js';

const dist = dirname(BIN);
const read = (file: string) => readFileSync(join(dist, file), 'utf8');
// The program's chunks are CommonJS (build/program.ts): a static import is a top-level `require`,
// a dynamic one a `require` inside `Promise.resolve().then(…)`, which runs when the import does.
const staticImports = (code: string) =>
  [...code.matchAll(/^(?:var \w+ = )?require\("\.\/([^"]+)"\);$/gm)].map((m) => m[1] as string);
const dynamicImports = (code: string) =>
  [...code.matchAll(/Promise\.resolve\(\)\.then\(\(\) => (?:__toESM\()?require\("\.\/([^"]+)"\)/g)].map(
    (m) => m[1] as string,
  );

/** Every file loaded with `file`, following static imports only (what loads before any action). */
function closure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(read(file)));
  }
  return seen;
}

/**
 * A probe for `--require`: runs `setup`, and at exit writes what `collect` (an expression giving an
 * array) gives, one per line; `lines()` reads it back.
 */
function exitProbe(dir: string, name: string, setup: string, collect: string) {
  const probe = join(dir, `${name}.cjs`);
  const out = join(dir, `${name}.txt`);
  writeFileSync(
    probe,
    `${setup}\nprocess.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, (${collect}).join('\\n')));`,
  );
  return { env: { NODE_OPTIONS: `--require ${probe}` }, lines: () => readFileSync(out, 'utf8').split('\n') };
}

// esbuild keeps a `// path` comment per bundled module, which tells what a chunk holds.
const HEAVY = [
  'node_modules/.pnpm/zod@',
  'node_modules/.pnpm/ky@',
  'node_modules/.pnpm/ora@',
  '@inquirer',
  'node_modules/.pnpm/conf@',
  'node_modules/.pnpm/chalk@',
  'sdk/src/',
];

describe('start-up of the built binary', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('the launcher loads nothing but Node built-ins before it hands over to bin.cjs', () => {
    const launcher = read('agent-cli.cjs');
    const loaded = [...launcher.matchAll(/\b(?:require|import|getBuiltinModule)\("([^"]+)"\)/g)].map(
      (m) => m[1],
    );
    expect(loaded).toContain('./bin.cjs');
    expect(loaded.filter((name) => name !== './bin.cjs' && !name?.startsWith('node:'))).toEqual([]);
  });

  it('--version loads no Node module that printing from `node -e` does not', () => {
    // The launcher takes node:os (the compile cache's directory) and node:module only when it
    // hands over to the program; requiring node:os cost `--version` about 0.1× of `node -e 0`.
    const probeDir = mkdtempSync(join(tmpdir(), 'agent-cli-version-'));
    try {
      const probe = join(probeDir, 'probe.cjs');
      writeFileSync(
        probe,
        "process.on('exit', () => require('node:fs').writeFileSync(process.env.PROBE_OUT, process.moduleLoadList.join('\\n')));",
      );
      const loaded = (args: string[]) => {
        const out = join(probeDir, `loaded-${args.length}.txt`);
        const run = spawnSync(process.execPath, ['--require', probe, ...args], {
          env: { PATH: process.env['PATH'], PROBE_OUT: out },
          encoding: 'utf8',
        });
        expect(run.status).toBe(0);
        return { stdout: run.stdout, modules: readFileSync(out, 'utf8').split('\n') };
      };
      const baseline = new Set(loaded(['-e', "process.stdout.write('0.0.0\\n')"]).modules);
      const version = loaded([BIN, '--version']);
      expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
      expect(version.modules.filter((name) => !baseline.has(name))).toEqual([]);
    } finally {
      rmSync(probeDir, { recursive: true, force: true });
    }
  });

  it('makes no stdin stream for a command that does not read stdin, and still reads it for one that does', () => {
    // Node makes `process.stdin` on first read; from a file or /dev/null (a CI step's stdin) that
    // loads its file streams and promises API (internal/fs/streams, fs/promises, readline).
    const probeDir = mkdtempSync(join(tmpdir(), 'agent-cli-stdin-'));
    try {
      const input = join(probeDir, 'body.json');
      writeFileSync(input, '{"name":"from stdin"}');
      const loaded = (args: string[], stdin: string) => {
        const probe = exitProbe(probeDir, `loaded-${args[0]}`, '', 'process.moduleLoadList');
        const run = spawnSync(process.execPath, [BIN, ...args], {
          env: { PATH: process.env['PATH'], HOME: probeDir, AGENT_CLI_CONFIG_DIR: probeDir, ...probe.env },
          stdio: [openSync(stdin, 'r'), 'pipe', 'pipe'],
          encoding: 'utf8',
        });
        return { run, modules: probe.lines() };
      };
      const listed = loaded(['config', 'list'], '/dev/null');
      expect(listed.run.status).toBe(0);
      expect(listed.modules.filter((name) => /internal\/fs\/(streams|promises)/.test(name))).toEqual([]);
      // A command that reads stdin gets it whole from the same kind of file (nothing is sent: the
      // base URL is refused first, after the body was read).
      const sent = loaded(['api', 'POST', 'x', '--input', '-', '--base-url', 'http://192.0.2.1'], input);
      expect(sent.modules).toContain('NativeModule internal/fs/streams');
      expect(sent.run.stderr).toMatch(/insecure|http:/);
    } finally {
      rmSync(probeDir, { recursive: true, force: true });
    }
  });

  it('bin.cjs has no static imports of the program: it loads what a command needs', () => {
    const bin = read('bin.cjs');
    expect(staticImports(bin)).toEqual([]);
    expect(dynamicImports(bin).length).toBeGreaterThan(2);
  });

  it('loads no SDK, zod, ky, prompts, spinner, colour or config code for --help', () => {
    const loaded = closure(dynamicImports(read('bin.cjs')));
    // The SDK's redaction (core/redact.ts imports nothing) is the one SDK file allowed: every run
    // scrubs its secrets with it. Its path comment is dropped before looking for the heavy markers.
    const text = [...loaded].map(read).join('\n').replaceAll('// ../sdk/src/core/redact.ts', '');
    for (const marker of HEAVY) expect(text.includes(marker), `${marker} is loaded for --help`).toBe(false);
    expect(text).toContain('node_modules/.pnpm/commander@');
  });

  it("bundles the parts of zod it uses, not zod's 40-odd locales or its JSON Schema reader", () => {
    // One `import { z } from 'zod'` keeps the whole namespace (its locales and fromJSONSchema:
    // about 560 KB that every command calling the service loaded and compiled); `import * as z`
    // lets esbuild drop what is not used.
    const code = readdirSync(dist)
      .filter((file) => file.endsWith('.cjs'))
      .map(read)
      .join('\n');
    expect(code).toContain('node_modules/zod/v4/core/schemas.js');
    const zodFiles = new Set(code.match(/node_modules\/zod\/v4\/[\w/-]+\.js/g));
    expect([...zodFiles].filter((file) => /\/locales\/(?!en\.js)|from-json-schema/.test(file))).toEqual([]);
  });
});

describe('start-up of a command that calls the service', () => {
  const e2e = useE2E();
  const probeDir = mkdtempSync(join(tmpdir(), 'agent-cli-startup-'));
  afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

  /** Runs the bin with a preloaded probe that writes, at exit, the Node internals it loaded. */
  async function internalsLoaded(
    args: string[],
    env: NodeJS.ProcessEnv = {},
  ): Promise<{ stdout: string; internals: string[] }> {
    const probe = exitProbe(
      probeDir,
      `loaded-${[...args, ...Object.keys(env)].join('-')}`,
      '',
      'process.moduleLoadList',
    );
    const token = e2e.sandbox().sandbox.issueToken();
    const run = await e2e.run(args, { env: { AGENT_CLI_TOKEN: token, ...probe.env, ...env } });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return { stdout: run.stdout, internals: probe.lines() };
  }

  it("credentials list --json sends through node:http without loading Node's fetch (undici) or http2", async () => {
    // Node's `Request`, `Headers`, `Response` and `FormData` are lazy globals: touching one loads
    // undici with http2, tls, crypto, zlib, perf_hooks and worker_threads, about as long as Node's
    // own start-up. The CLI sends with node:http (src/http/node-fetch.ts) and gives ky light classes.
    const { stdout, internals } = await internalsLoaded(['credentials', 'list', '--json']);
    expect(Array.isArray(JSON.parse(stdout))).toBe(true);
    expect(internals).toContain('NativeModule http');
    expect(internals.filter((name) => /undici|http2/.test(name))).toEqual([]);
  });

  it('loads no Node module the call does not use: no fs/promises, child_process, promise hooks or os', async () => {
    // Each is about 0.4–1.3 ms of a run: fs/promises (with readline and the file watchers) is for
    // the files a command reads (`--body-file`, a CSV), child_process for commander's executable
    // subcommands (the CLI has none), the promise hooks of an AsyncLocalStorage for a fetch that
    // reports after an `await` (the CLI's reports within its call, and says so: on Node 20 and 22
    // they would slow every later promise), os for a home directory that HOME gives.
    const { internals } = await internalsLoaded(['credentials', 'list', '--json']);
    expect(
      internals.filter((name) =>
        /^NativeModule (fs\/promises|internal\/fs\/promises|internal\/readline\/.*|child_process|internal\/child_process|internal\/promise_hooks|os)$/.test(
          name,
        ),
      ),
    ).toEqual([]);
  });

  it('loads node:crypto only to write a file, not to read the settings and call the service', async () => {
    // src/config/private-file.ts takes node:crypto (and its 20-odd internal modules) when it
    // writes; `credentials list` writes nothing.
    const { internals } = await internalsLoaded(['credentials', 'list', '--json']);
    expect(internals.filter((name) => /^NativeModule (crypto|internal\/crypto\/)/.test(name))).toEqual([]);
  });

  it('still writes its files, taking node:crypto then (config set)', async () => {
    // A profile of its own, so the other tests' default profile is left as it was.
    const set = await e2e.run(['--profile', 'written', 'config', 'set', 'agent-line', '2.0']);
    expect(set.code).toBe(0);
    expect(set.stderr).toContain('agent-line = 2.0');
    const read = await e2e.run(['--profile', 'written', 'config', 'get', 'agent-line']);
    expect(read.stdout.trim()).toBe('2.0');
  });

  it('loads TLS only for an https base URL, and a decompressor only for an encoded answer', async () => {
    // The sandbox answers on http://127.0.0.1 with plain JSON: node:https, node:tls and node:zlib
    // are loaded when a call needs them (src/http/node-fetch.ts), not with the module. With the
    // code cache on, node:zlib is loaded all the same, for its crc32 (the cache's checksum,
    // startup/program-loader.ts); so zlib is looked for without the cache, TLS with and without.
    const cached = await internalsLoaded(['credentials', 'list', '--json']);
    expect(cached.internals.filter((name) => /^NativeModule (https|tls|_tls_wrap)$/.test(name))).toEqual([]);
    const { internals } = await internalsLoaded(['credentials', 'list', '--json'], {
      NODE_DISABLE_COMPILE_CACHE: '1',
    });
    expect(internals.filter((name) => /^NativeModule (https|tls|_tls_wrap|zlib)$/.test(name))).toEqual([]);
  });
});

describe('start-up of a command that reads the settings only', () => {
  const e2e = useE2E();
  const probeDir = mkdtempSync(join(tmpdir(), 'agent-cli-modules-'));
  afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

  /**
   * The program's files a run loads (not what could load): those the launcher compiles with its code
   * cache (`vm.Script`) and those Node's `require` loads, as a preloaded probe sees them at exit.
   */
  async function programFilesLoaded(
    args: string[],
    expected: { code: number; token?: boolean; stderr?: RegExp } = { code: 0 },
  ): Promise<string[]> {
    const probe = exitProbe(
      probeDir,
      `loaded-${args.join('-')}`,
      `const vm = require('node:vm');
const seen = [];
const Script = vm.Script;
vm.Script = class extends Script { constructor(code, options) { super(code, options); seen.push(options && options.filename); } };`,
      '[...seen, ...Object.keys(require.cache)]',
    );
    const token = expected.token === false ? {} : { AGENT_CLI_TOKEN: 'a-token-from-ci' };
    const run = await e2e.run(args, { env: { ...token, ...probe.env } });
    if (expected.stderr) expect(run.stderr).toMatch(expected.stderr);
    else expect(run.stderr).toBe('');
    expect(run.code).toBe(expected.code);
    const files = probe
      .lines()
      .filter((path) => path.includes('/dist/'))
      .map((path) => path.slice(path.lastIndexOf('/dist/') + '/dist/'.length));
    expect(files).toContain('bin.cjs');
    return [...new Set(files)].filter((file) => file !== 'agent-cli.cjs');
  }

  // whoami and config list tell whether a stored token has expired: the SDK's token helpers
  // (@credential-agent/sdk/token, which imports nothing) and not the client with ky and every model,
  // which cost these commands about as much as calling the service (whoami 4.8x of node -e 0, 3.6x
  // without). zod stays: the config file is checked with its schema (src/config/schema.ts).
  // Their failures too: the CLI's own errors are said without the SDK (errors/render-own.ts).
  const cases: [string[], { code: number; token?: boolean; stderr?: RegExp }?][] = [
    [['whoami']],
    [['config', 'list']],
    [['whoami', '--json']],
    [
      ['whoami'],
      {
        code: 4,
        token: false,
        stderr: /^error: not signed in \(profile "\w+"\)\nhint: run: agent-cli login\n$/,
      },
    ],
    [['config', 'use', 'no-such-profile'], { code: 2, stderr: /^error: no profile "no-such-profile"/ }],
  ];
  for (const [args, expected] of cases) {
    it(`agent-cli ${args.join(' ')} loads no ky or SDK client code${expected ? ` (exit ${expected.code})` : ''}`, async () => {
      const files = await programFilesLoaded(args, expected);
      const text = files
        .map(read)
        .join('\n')
        .replaceAll('// ../sdk/src/core/redact.ts', '')
        .replaceAll('// ../sdk/src/core/token-store.ts', '');
      expect(text).toContain('node_modules/.pnpm/zod@');
      for (const marker of ['node_modules/.pnpm/ky@', 'sdk/src/']) {
        expect(text.includes(marker), `${marker} is loaded for ${args.join(' ')}`).toBe(false);
      }
    });
  }
});
