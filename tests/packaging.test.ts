import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../scripts/source-condition.mjs';
import { bin, ensureBuilt, PUBLISHED, pack, root } from './support/packages.js';
import { node, run } from './support/process.js';

// Installs the packed tarballs (not workspace links) into a fresh project, as an npm user would.
// Needs the npm registry for the third-party dependencies (ky, zod, msw, commander, …).
const fixtures = join(root, 'tests/fixtures/consumer');
let work: string;
let project: string;
const tarballs = new Map<string, string>();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'credential-agent-packaging-'));
  project = join(work, 'consumer');
  await ensureBuilt();
  for (const pkg of PUBLISHED) tarballs.set(pkg.name, await pack(pkg, work));
  await cp(fixtures, project, { recursive: true });
  const manifest = { name: 'consumer', version: '0.0.0', private: true, type: 'module' };
  await writeFile(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs.values()], {
    cwd: project,
    env: { ...process.env, npm_config_workspaces: 'false', npm_config_loglevel: 'error' },
    timeoutMs: 240_000,
  });
}, 300_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

interface Manifest {
  dependencies?: Record<string, string>;
  bin?: Record<string, string>;
}
const installedManifest = async (name: string): Promise<Manifest> =>
  JSON.parse(await readFile(join(project, 'node_modules', name, 'package.json'), 'utf8')) as Manifest;

const version = async (dir: string): Promise<string> =>
  (JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version: string }).version;

describe('the packed packages, installed with npm into a fresh project', { timeout: 60_000 }, () => {
  const expected = {
    records: true,
    listRequests: 1,
    notFound: true,
    states: true,
    parsed: { id: 'r1', extra: true },
  };

  it('the SDK loads with import and talks to the packed sandbox', async () => {
    const { stdout } = await node(['esm.mjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it('the SDK loads with require and talks to the packed sandbox', async () => {
    const { stdout } = await node(['cjs.cjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it.each(['schemas.mjs', 'schemas.cjs'])(
    '%s: the exported schemas give English messages and compose with zod classic and zod/mini',
    async (file) => {
      const { stdout } = await node([file], { cwd: project });
      expect(JSON.parse(stdout)).toEqual({
        message: 'Invalid input: expected string, received number',
        shape: ['attributes', 'endorse', 'endorserDid', 'issuerId', 'name', 'version'],
        classic: [{ id: 'r1', extra: true }],
        mini: true,
      });
    },
  );

  it('a strict TypeScript consumer type-checks against the ESM and CommonJS declarations', async () => {
    const result = await node([join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: project,
    });
    expect(result.stdout).toBe('');
  });

  it('agent-cli --version from node_modules/.bin prints the package version', async () => {
    const { stdout } = await run(join(project, 'node_modules/.bin/agent-cli'), ['--version'], {
      cwd: project,
    });
    expect(stdout.trim()).toBe(await version(join(root, 'packages/cli')));
  });

  it('the sandbox depends on the released SDK version, not workspace:*', async () => {
    const manifest = await installedManifest('@credential-agent/sandbox');
    expect(manifest.dependencies?.['@credential-agent/sdk']).toBe(await version(join(root, 'packages/sdk')));
  });

  it('the CLI declares no dependency: everything it runs is bundled, so nothing installs twice', async () => {
    expect((await installedManifest('@credential-agent/cli')).dependencies ?? {}).toEqual({});
  });

  it('agent-sandbox --version from node_modules/.bin prints the package version', async () => {
    const { stdout } = await run(join(project, 'node_modules/.bin/agent-sandbox'), ['--version'], {
      cwd: project,
    });
    expect(stdout.trim()).toBe(await version(join(root, 'packages/sandbox')));
  });
});

/** Waits for a file to appear with content (the sandbox writes its --url-file once it listens). */
async function contentOf(path: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const text = await readFile(path, 'utf8').catch(() => '');
    if (text) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never appeared`);
}

/** The `npm install -g` line of the README's "Installing without a clone" block, verbatim. */
async function readmeInstallLine(): Promise<string> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const lines = readme.split('\n').filter((text) => /^npm install -g .*\.tgz/.test(text));
  if (lines.length !== 1) throw new Error(`README.md has ${lines.length} npm install -g lines of tarballs`);
  return lines[0] as string;
}

describe('the install lines of the READMEs', () => {
  it('name tarballs as paths (./packs/…, /…), never as packs/… which npm reads as a GitHub repository', async () => {
    const readmes = [join(root, 'README.md'), ...PUBLISHED.map((pkg) => join(pkg.dir, 'README.md'))];
    for (const readme of readmes) {
      const text = await readFile(readme, 'utf8');
      for (const line of text.split('\n').filter((l) => /^npm install\b.*\.tgz/.test(l))) {
        const tarballs = line.split(/\s+/).filter((word) => word.endsWith('.tgz'));
        for (const tarball of tarballs) expect(tarball, `${readme}: ${line}`).toMatch(/^(\.\/|\/)/);
      }
    }
  });
});

// README "Install from this repository": the tarballs installed globally (`npm install -g`), SDK
// first, into a fresh prefix, then the installed agent-cli against the installed agent-sandbox.
describe('installed globally from the tarballs, as the README says until the packages are published', {
  timeout: 300_000,
}, () => {
  it('agent-cli --version, then login and credentials list against agent-sandbox', async () => {
    const prefix = join(work, 'global');
    // The README's own line, run as users copy it, from a directory holding packs/ as it describes.
    const line = await readmeInstallLine();
    const from = join(work, 'repo');
    await mkdir(join(from, 'packs'), { recursive: true });
    for (const tarball of tarballs.values()) await cp(tarball, join(from, 'packs', basename(tarball)));
    await run('sh', ['-c', line], {
      cwd: from,
      env: {
        ...process.env,
        npm_config_prefix: prefix,
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_prefer_offline: 'true',
        npm_config_workspaces: 'false',
        npm_config_loglevel: 'error',
      },
      timeoutMs: 240_000,
    });
    const cli = join(prefix, 'bin/agent-cli');
    expect((await run(cli, ['--version'])).stdout.trim()).toBe(await version(join(root, 'packages/cli')));

    const urlFile = join(work, 'sandbox.json');
    const sandbox = spawn(join(prefix, 'bin/agent-sandbox'), ['--port', '0', '--url-file', urlFile], {
      stdio: 'ignore',
    });
    try {
      const { baseUrl, email, password, orgId } = JSON.parse(await contentOf(urlFile)) as Record<
        string,
        string
      >;
      const env = {
        PATH: process.env['PATH'],
        HOME: work,
        AGENT_CLI_CONFIG_DIR: join(work, 'config'),
        PASSWORD: password,
      };
      await run(
        'sh',
        [
          '-c',
          `printf %s "$PASSWORD" | "$0" login --base-url "$1" --email "$2" --password-stdin`,
          cli,
          baseUrl as string,
          email as string,
        ],
        { env },
      );
      const listed = await run(cli, ['credentials', 'list', '--org', orgId as string, '--json'], { env });
      expect(JSON.parse(listed.stdout)).toEqual([]);
    } finally {
      sandbox.kill();
    }
  });
});

/** The files of a package's tarball, relative to the package. */
async function tarballFiles(name: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', tarballs.get(name) as string]);
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.replace(/^package\//, ''));
}

/** Every file an `exports` map names, wherever it sits in the map (conditions nest). */
const exportTargets = (exports: unknown): string[] =>
  typeof exports === 'string' ? [exports] : Object.values(exports ?? {}).flatMap(exportTargets);

describe('the tarballs', () => {
  for (const pkg of PUBLISHED) {
    it(`${pkg.name} carries README.md, LICENSE, package.json and its build (the sandbox its openapi.json), nothing else`, async () => {
      const files = await tarballFiles(pkg.name);
      // The CLI inlines its dependencies, so it ships their notices too.
      const extras = pkg.name === '@credential-agent/cli' ? ['THIRD_PARTY_NOTICES'] : [];
      // The sandbox ships its contract, the OpenAPI document it validates requests against.
      if (pkg.name === '@credential-agent/sandbox') extras.push('openapi.json');
      expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json', ...extras]));
      expect(
        files.filter(
          (file) =>
            !extras.includes(file) && !/^(README\.md|LICENSE|package\.json|dist\/.+|bin\/.+)$/.test(file),
        ),
      ).toEqual([]);
      const manifest = JSON.parse(await readFile(join(pkg.dir, 'package.json'), 'utf8')) as Manifest;
      for (const target of Object.values(manifest.bin ?? {}))
        expect(files).toContain(target.replace(/^\.\//, ''));
    });

    it(`${pkg.name}'s packed manifest exports only files it carries (no workspace source condition)`, async () => {
      const files = await tarballFiles(pkg.name);
      const { stdout } = await run('tar', [
        '-xzOf',
        tarballs.get(pkg.name) as string,
        'package/package.json',
      ]);
      const manifest = JSON.parse(stdout) as { exports?: unknown };
      const targets = exportTargets(manifest.exports).map((target) => target.replace(/^\.\//, ''));
      expect(targets.length).toBeGreaterThan(0);
      expect(targets.filter((target) => !files.includes(target))).toEqual([]);
      expect(stdout).not.toContain(SOURCE_CONDITION);
    });
  }
});

/** A file of a package's tarball, as text. */
async function tarballText(name: string, file: string): Promise<string> {
  const { stdout } = await run('tar', ['-xzOf', tarballs.get(name) as string, `package/${file}`]);
  return stdout;
}

describe("the CLI tarball's THIRD_PARTY_NOTICES", () => {
  it('names every package the shipped program inlines, with its version and licence text', async () => {
    const cli = '@credential-agent/cli';
    const programs = (await tarballFiles(cli)).filter((file) => /^dist\/.+\.c?js$/.test(file));
    // esbuild marks each inlined module with its path; under pnpm that path names the package and
    // its version: `// ../../node_modules/.pnpm/@scope+name@1.2.3_peer/node_modules/@scope/name/x.js`.
    const inlined = new Set<string>();
    for (const file of programs) {
      const text = await tarballText(cli, file);
      for (const [, store, name] of text.matchAll(
        /^\/\/ \S*node_modules\/\.pnpm\/([^/\s]+)\/node_modules\/((?:@[^/\s]+\/)?[^/\s]+)\//gm,
      )) {
        const version = (store as string).slice((name as string).length + 1).split('_')[0];
        inlined.add(`${name} ${version}`);
      }
    }
    // commander, zod, chalk, ora, inquirer, csv-parse, ky and what they pull in: about 50.
    expect(inlined.size).toBeGreaterThan(30);
    expect([...inlined]).toEqual(
      expect.arrayContaining(
        ['commander', 'zod', 'ky'].map((n) => expect.stringMatching(new RegExp(`^${n} `))),
      ),
    );

    const notices = await tarballText(cli, 'THIRD_PARTY_NOTICES');
    const sections = new Map(
      notices
        .split(/^-{80}$/m)
        .slice(1)
        .map((section) => {
          const [heading = '', ...body] = section.trim().split('\n');
          return [heading.replace(/ \(.*\)$/, ''), { heading, body: body.join('\n') }] as const;
        }),
    );
    const missing = [...inlined].filter((pkg) => !sections.has(pkg));
    expect(missing).toEqual([]);
    for (const pkg of inlined) {
      const section = sections.get(pkg);
      // The heading names the licence; the body carries the licence text with its notice.
      expect(section?.heading, pkg).toMatch(/ \((MIT|ISC|BSD-[23]-Clause|Apache-2\.0|BlueOak-1\.0\.0)\)$/);
      expect(section?.body, pkg).toMatch(/copyright|permission/i);
    }
    // Nothing of the workspace's own is listed as third-party.
    expect(notices).not.toMatch(/^@credential-agent\//m);
  });
});

describe('package lint', { timeout: 60_000 }, () => {
  // attw checks how TypeScript resolves each entry point's types. The SDK (ESM + CJS) must pass
  // every resolution mode. The sandbox is ESM-only by design, so it is checked with the
  // `esm-only` profile (node10 and require-from-CJS do not apply). The CLI exports no module at
  // all (only `./package.json` and a bin), so there are no types to check: publint only.
  const attwArgs: Record<string, readonly string[] | undefined> = {
    '@credential-agent/sdk': [],
    '@credential-agent/sandbox': ['--profile', 'esm-only'],
    '@credential-agent/cli': undefined,
  };

  for (const pkg of PUBLISHED) {
    it(`publint --strict reports nothing for ${pkg.name}`, async () => {
      const { stdout, stderr } = await run(bin('publint'), [
        'run',
        tarballs.get(pkg.name) as string,
        '--strict',
      ]);
      expect(`${stdout}${stderr}`).toContain('All good!');
    });

    const extra = attwArgs[pkg.name];
    if (extra === undefined) continue;
    it(`attw finds no type problems in ${pkg.name}`, async () => {
      // attw exits non-zero on a problem in a checked resolution mode; the lines say which passed.
      const args = [tarballs.get(pkg.name) as string, '--format', 'ascii', '--no-color', ...extra];
      const { stdout } = await run(bin('attw'), args);
      const checked = stdout
        .split('\n')
        .filter((line) => /^(node10|node16 \(from (CJS|ESM)\)|bundler):/.test(line));
      const failing = checked.filter((line) => !line.includes('(ignored)') && !line.includes('🟢'));
      expect(checked.length).toBeGreaterThan(0);
      expect(failing).toEqual([]);
    });
  }
});
