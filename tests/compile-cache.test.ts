import {
  chmod,
  chown,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  truncate,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ATTACKER, otherUsersUnavailable, runAs, VICTIM } from './support/other-users.js';
import { ensureBuilt, root } from './support/packages.js';
import { node } from './support/process.js';

// The installed bin compiles the program with a code cache of its own on every Node version
// (packages/cli/src/startup/program-loader.ts): CI runs this file on Node 20, 22, 24 and 26.
const bin = join(root, 'packages/cli/bin/agent-cli.cjs');
const dist = join(root, 'packages/cli/dist');
const plant = join(root, 'tests/fixtures/plant-program-cache.mjs');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function temp(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** The files under `dir`, as paths relative to it. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/** A home of its own, TMPDIR inside it, and the cache directory the CLI chooses there. */
async function user() {
  const home = await temp('agent-cli-cache-');
  const shared = join(home, 'tmp');
  await mkdir(shared);
  const env = { PATH: process.env['PATH'], HOME: home, AGENT_CLI_CONFIG_DIR: home, TMPDIR: shared };
  const cache = join(home, '.cache/agent-cli/compile-cache');
  const configList = async (extra: NodeJS.ProcessEnv = {}) => {
    const { stdout } = await node([bin, 'config', 'list'], { env: { ...env, ...extra }, timeoutMs: 20_000 });
    return stdout;
  };
  return { home, shared, env, cache, configList };
}

describe('the code cache of the program', () => {
  it('is kept per Node version and build in a 0700 directory under the user cache directory, files 0600, nothing in the temporary one', async () => {
    await ensureBuilt();
    const { home, shared, cache, configList } = await user();

    expect(await configList({ NODE_DISABLE_COMPILE_CACHE: '1' })).toContain('No profiles yet');
    expect(await files(home)).toEqual([]);
    expect(await configList()).toContain('No profiles yet');
    const cached = await files(cache);
    expect(cached).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^${process.version}-${process.arch}/[0-9a-f]{16}/bin\\.cjs-[0-9a-f]+\\.v8$`),
        ),
      ]),
    );
    for (const dir of [cache, join(cache, `${process.version}-${process.arch}`)])
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
    for (const file of cached) expect((await stat(join(cache, file))).mode & 0o777).toBe(0o600);
    expect(await files(shared)).toEqual([]);

    const xdg = join(home, 'xdg');
    await configList({ XDG_CACHE_HOME: xdg });
    expect((await files(join(xdg, 'agent-cli/compile-cache'))).length).toBeGreaterThan(0);
  });

  it('is read, not written again, by the next run; what V8 refuses (a cut file) is written anew', async () => {
    await ensureBuilt();
    const { cache, configList } = await user();
    await configList();
    const cached = await files(cache);
    const before = await Promise.all(cached.map((file) => stat(join(cache, file))));
    expect(await configList()).toContain('No profiles yet');
    const after = await Promise.all(cached.map((file) => stat(join(cache, file))));
    expect(after.map((s) => [s.ino, s.mtimeMs])).toEqual(before.map((s) => [s.ino, s.mtimeMs]));

    const binCache = join(cache, cached.find((file) => /\/bin\.cjs-/.test(file)) as string);
    const whole = await readFile(binCache);
    await writeFile(binCache, whole.subarray(0, whole.length >> 1));
    expect(await configList()).toContain('No profiles yet');
    expect((await readFile(binCache)).length).toBe(whole.length);
    expect(await files(cache)).toEqual(cached); // no temporary file left behind
  });

  it('never gives V8 a damaged cache: bytes changed anywhere, the run is the same and the file is written anew', async () => {
    // V8 checks no checksum of a code cache in release builds: before the loader checked one, one
    // flipped byte in 19 of 40 tries crashed the run or changed its output, and one hung it.
    await ensureBuilt();
    const { cache, configList } = await user();
    const reference = await configList({ NODE_DISABLE_COMPILE_CACHE: '1' });
    await configList();
    const cached = await files(cache);
    const good = new Map(
      await Promise.all(cached.map(async (f) => [f, await readFile(join(cache, f))] as const)),
    );
    let seed = 23;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let round = 0; round < 16; round++) {
      const file = cached[random(cached.length)] as string;
      const bytes = Buffer.from(good.get(file) as Buffer);
      for (let flips = [1, 2, 8, 64][round % 4] as number; flips > 0; flips--) {
        const at = random(bytes.length);
        bytes[at] = (bytes[at] as number) ^ (1 + random(255));
      }
      await writeFile(join(cache, file), bytes);
      expect(await configList(), `${file}, round ${round}`).toBe(reference);
      // Written anew, whole: the header's CRC-32 is the code's.
      const anew = await readFile(join(cache, file));
      expect(anew.readUInt32LE(4), `${file} written anew`).toBe(crc32(anew.subarray(8)));
      expect(anew.equals(bytes)).toBe(false);
    }
  }, 120_000);

  it('runs the code it finds in its own directory (which is why only the user may write there)', async () => {
    // The control of the two-user cases below: planted in the user's own cache, the code runs.
    await ensureBuilt();
    const { home, cache, configList } = await user();
    await node([plant, dist, cache], { env: { PATH: process.env['PATH'], HOME: home } });
    await configList();
    expect(await files(home)).toContain('pwned');
  });

  it('keeps the builds written last (two installed versions used in turn), drops older ones and what killed runs and Node left', async () => {
    await ensureBuilt();
    const { home, env, cache, configList } = await user();
    const versionDir = join(cache, `${process.version}-${process.arch}`);
    // Four earlier builds, the oldest first; another Node's; Node's own compile cache of an earlier CLI.
    for (let i = 0; i < 4; i++) {
      const build = join(versionDir, `000000000000000${i}`);
      await mkdir(build, { recursive: true, mode: 0o700 });
      await writeFile(join(build, 'bin.cjs-1.v8'), 'old');
      const when = new Date(Date.now() - (5 - i) * 86_400_000);
      await utimes(build, when, when);
    }
    const otherNode = join(cache, 'v0.0.0-x64', '0123456789abcdef');
    await mkdir(otherNode, { recursive: true, mode: 0o700 });
    await writeFile(join(otherNode, 'bin.cjs-1.v8'), 'other node');
    const nodeOwn = join(cache, `${process.version}-${process.arch}-9de703df-0`);
    await mkdir(nodeOwn, { recursive: true, mode: 0o700 });
    await writeFile(join(nodeOwn, '8f3c2a1b'), 'Node compile cache of an earlier agent-cli');
    await configList();
    const builds = await readdir(versionDir);
    expect(builds).toEqual(
      expect.arrayContaining(['0000000000000001', '0000000000000002', '0000000000000003']),
    );
    expect(builds).not.toContain('0000000000000000');
    expect(builds).toHaveLength(4);
    expect((await readdir(cache)).sort()).toEqual(
      [`${process.version}-${process.arch}`, 'v0.0.0-x64'].sort(),
    );

    // Another build of the program (its launcher names another build) and this one, in turn: each
    // keeps its cache, neither writes again; a killed run's temporary file goes at the next write.
    const copy = join(home, 'copy');
    await cp(dist, copy, { recursive: true });
    const launcher = await readFile(join(copy, 'agent-cli.cjs'), 'utf8');
    await writeFile(
      join(copy, 'agent-cli.cjs'),
      launcher.replace(/(loadProgram\(__dirname, \w+, ")[0-9a-f]+/, '$1feedfeedfeedfeed'),
    );
    const runCopy = () => node([join(copy, 'agent-cli.cjs'), 'config', 'list'], { env, timeoutMs: 20_000 });
    expect((await runCopy()).stdout).toContain('No profiles yet');
    const current = builds.find((name) => !name.startsWith('000000000000000')) as string;
    const killed = join(versionDir, current, 'bin.cjs-1.v8.4242.tmp');
    await writeFile(killed, 'half');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(killed, hourAgo, hourAgo);
    const before = await files(cache);
    const times = async () =>
      Promise.all(before.map(async (file) => (await stat(join(cache, file))).mtimeMs));
    const then = await times();
    for (let i = 0; i < 2; i++) {
      await runCopy();
      await configList();
    }
    expect(await files(cache)).toEqual(before);
    expect(await times()).toEqual(then);
    await rm(
      join(
        cache,
        before.find(
          (file) =>
            file.startsWith(`${process.version}-${process.arch}/${current}/bin.cjs-`) && file.endsWith('.v8'),
        ) as string,
      ),
    );
    await configList();
    expect(await files(join(versionDir, current))).not.toContain('bin.cjs-1.v8.4242.tmp');
  });

  it('removes only what it named: a link the user made in the cache is not followed, their files stay; old Node versions go', async () => {
    await ensureBuilt();
    const { home, cache, configList } = await user();
    // Old Node versions' caches, oldest first, and a file of the user's own among them.
    for (const [i, version] of ['v1.0.0-x64', 'v2.0.0-x64', 'v3.0.0-x64'].entries()) {
      await mkdir(join(cache, version, '0123456789abcdef'), { recursive: true, mode: 0o700 });
      const when = new Date(Date.now() - (5 - i) * 86_400_000);
      await utimes(join(cache, version), when, when);
    }
    await writeFile(join(cache, 'notes.txt'), 'mine');
    // The version directory as a link to the user's documents, old files in it.
    const docs = join(home, 'docs');
    await mkdir(docs);
    for (let i = 0; i < 6; i++) {
      await writeFile(join(docs, `doc${i}.txt`), 'x');
      await utimes(join(docs, `doc${i}.txt`), new Date(2001 + i, 0, 1), new Date(2001 + i, 0, 1));
    }
    await mkdir(join(docs, 'abcdefabcdefabcd'));
    await symlink(docs, join(cache, `${process.version}-${process.arch}`));
    expect(await configList()).toContain('No profiles yet');
    expect((await readdir(docs)).sort()).toEqual([
      'abcdefabcdefabcd',
      ...Array.from({ length: 6 }, (_, i) => `doc${i}.txt`),
    ]);
    // As a plain directory again, with the build directory a link: nothing written through it either.
    await rm(join(cache, `${process.version}-${process.arch}`));
    await configList();
    const [build] = await readdir(join(cache, `${process.version}-${process.arch}`));
    await rm(join(cache, `${process.version}-${process.arch}`, build as string), { recursive: true });
    await symlink(docs, join(cache, `${process.version}-${process.arch}`, build as string));
    expect(await configList()).toContain('No profiles yet');
    expect((await readdir(docs)).filter((name) => name.endsWith('.v8'))).toEqual([]);
    // The two Node versions written last are kept, the oldest goes, the user's file stays.
    expect((await readdir(cache)).sort()).toEqual(
      ['notes.txt', `${process.version}-${process.arch}`, 'v2.0.0-x64', 'v3.0.0-x64'].sort(),
    );
  });

  it('keeps one cache per chunk when copies of the same build alternate, and reads none that is not a plain file of its own', async () => {
    // A copy of the program (another install of the same version, a test's copy) has other file
    // times but the same sources: it shares the caches.
    await ensureBuilt();
    const { home, env, cache, configList } = await user();
    const copy = join(home, 'copy');
    await cp(dist, copy, { recursive: true });
    const runCopy = () => node([join(copy, 'agent-cli.cjs'), 'config', 'list'], { env, timeoutMs: 20_000 });
    await configList();
    const cached = await files(cache);
    for (let i = 0; i < 2; i++) {
      await runCopy();
      await configList();
    }
    expect(await files(cache)).toEqual(cached);
    const chunks = cached.map((file) => file.replace(/-[0-9a-f]+\.v8$/, ''));
    expect(new Set(chunks).size).toBe(chunks.length);

    // A FIFO, a link to an endless file and a huge sparse file where caches go: not read, no hang.
    const named = (pattern: RegExp) => join(cache, cached.find((file) => pattern.test(file)) as string);
    const [binCache, mainCache, sdkCache] = [named(/\/bin\.cjs-/), named(/\/main-/), named(/\/chunk-/)];
    await rm(binCache);
    await node(['-e', `require('node:child_process').execFileSync('mkfifo', [${JSON.stringify(binCache)}])`]);
    await rm(mainCache);
    await symlink('/dev/zero', mainCache);
    await writeFile(sdkCache, '');
    await truncate(sdkCache, 200 * 1024 * 1024);
    expect(await configList()).toContain('No profiles yet');
  });

  it('runs the same without a cache it can write (read-only directory), two runs at once leaving whole files', async () => {
    await ensureBuilt();
    const { cache, configList } = await user();
    const runs = await Promise.all([configList(), configList(), configList()]);
    for (const out of runs) expect(out).toContain('No profiles yet');
    const cached = await files(cache);
    expect(cached.filter((file) => !file.endsWith('.v8'))).toEqual([]);
    // Each file whole: V8 takes it (a run reads it and writes nothing again).
    const before = await Promise.all(cached.map((file) => stat(join(cache, file))));
    await configList();
    expect((await Promise.all(cached.map((file) => stat(join(cache, file))))).map((s) => s.mtimeMs)).toEqual(
      before.map((s) => s.mtimeMs),
    );
    if (process.getuid?.() !== 0) {
      await rm(cache, { recursive: true });
      await mkdir(cache, { recursive: true, mode: 0o500 });
      expect(await configList()).toContain('No profiles yet');
      await chmod(cache, 0o700);
    }
  });

  // Another user on the machine plants compiled code where the victim's cache would be; the plant is
  // proved to work (the control above), and agent-cli's choice of directory must never load it.
  describe.skipIf(otherUsersUnavailable !== undefined)(
    `as two users (${otherUsersUnavailable ?? 'setpriv as root'})`,
    () => {
      async function machine() {
        await ensureBuilt();
        // A copy of the built CLI every user can read (the checkout itself may sit in a private directory).
        const base = await temp('agent-cli-users-');
        await chmod(base, 0o755);
        const cli = join(base, 'cli');
        await cp(dist, cli, { recursive: true, preserveTimestamps: true });
        const planter = join(base, 'plant-program-cache.mjs');
        await cp(plant, planter);
        const shared = join(base, 'tmp');
        await mkdir(shared, { mode: 0o1777 });
        await chmod(shared, 0o1777);
        const home = join(base, 'victim');
        const attackerHome = join(base, 'attacker');
        for (const [dir, uid] of [
          [home, VICTIM],
          [attackerHome, ATTACKER],
        ] as const) {
          await mkdir(dir, { mode: 0o755 });
          await chown(dir, uid, uid);
        }
        const asAttacker = (cacheRoot: string) =>
          runAs(ATTACKER, process.execPath, [planter, cli, cacheRoot, '777'], {
            env: { PATH: process.env['PATH'], HOME: attackerHome, TMPDIR: shared },
          });
        const victimEnv = {
          PATH: process.env['PATH'],
          HOME: home,
          AGENT_CLI_CONFIG_DIR: join(home, 'config'),
          TMPDIR: shared,
        };
        const runVictim = (env: NodeJS.ProcessEnv = {}) =>
          runAs(VICTIM, process.execPath, [join(cli, 'agent-cli.cjs'), 'config', 'list'], {
            env: Object.fromEntries(
              Object.entries({ ...victimEnv, ...env }).filter(([, v]) => v !== undefined),
            ),
          });
        const asVictim = async (env: NodeJS.ProcessEnv = {}) => {
          const { stdout } = await runVictim(env);
          const pwned = (await files(home)).includes('pwned');
          return { stdout, pwned };
        };
        return { shared, home, attackerHome, asAttacker, asVictim, runVictim };
      }

      it('a cache directory another user created (0777) under a shared XDG_CACHE_HOME is refused', async () => {
        const { shared, asAttacker, asVictim } = await machine();
        const xdg = join(shared, 'cache');
        await asAttacker(join(xdg, 'agent-cli/compile-cache'));

        const victim = await asVictim({ XDG_CACHE_HOME: xdg });
        expect(victim.stdout).toContain('No profiles yet');
        expect(victim.pwned).toBe(false);
      });

      it('a user with no HOME and no passwd entry (a CI container run with --user N) runs without a cache', async () => {
        const { home, asVictim } = await machine();
        const bare = await asVictim({ HOME: undefined, AGENT_CLI_CONFIG_DIR: join(home, 'config') });
        expect(bare.stdout).toContain('No profiles yet');
      });

      it('a cache directory it cannot read leaves the output and stderr as without a cache', async () => {
        const { home, asVictim, runVictim } = await machine();
        await asVictim();
        const versionDir = join(home, '.cache/agent-cli/compile-cache', `${process.version}-${process.arch}`);
        const [build] = await readdir(versionDir);
        await chmod(join(versionDir, build as string), 0o000);
        const run = await runVictim();
        expect(run.stdout).toContain('No profiles yet');
        expect(run.stderr).toBe('');
      });

      it("nothing is created through another user's link or under a directory others can write (umask 002)", async () => {
        const { shared, home, attackerHome, asVictim } = await machine();
        // The attacker's link where the CLI's directory would go, in a shared sticky cache home.
        const xdg = join(shared, 'xdg');
        await mkdir(xdg, { mode: 0o1777 });
        await chmod(xdg, 0o1777);
        const docs = join(home, 'docs');
        await mkdir(docs, { mode: 0o700 });
        await chown(docs, VICTIM, VICTIM);
        await runAs(ATTACKER, 'ln', ['-s', docs, join(xdg, 'agent-cli')], {
          env: { PATH: process.env['PATH'], HOME: attackerHome },
        });
        expect((await asVictim({ XDG_CACHE_HOME: xdg })).stdout).toContain('No profiles yet');
        expect(await readdir(docs)).toEqual([]);
        // ~/.cache group-writable (umask 002): no cache, and nothing made in it.
        const cache = join(home, '.cache');
        await mkdir(cache, { mode: 0o775 });
        await chmod(cache, 0o775);
        await chown(cache, VICTIM, VICTIM);
        expect((await asVictim()).stdout).toContain('No profiles yet');
        expect(await readdir(cache)).toEqual([]);
      });

      it("the victim's own cache directory is private and used, and code another user planted there runs (the control)", async () => {
        const { shared, home, asAttacker, asVictim } = await machine();
        await asVictim();
        const cache = join(home, '.cache/agent-cli/compile-cache');
        const info = await stat(cache);
        expect([info.uid, info.mode & 0o777]).toEqual([VICTIM, 0o700]);
        expect((await files(cache)).length).toBeGreaterThan(0);
        // Planted by the attacker elsewhere and put in place as root, still the attacker's: not read.
        const planted = join(shared, 'planted');
        await asAttacker(planted);
        const [file] = (await files(planted)).filter((name) => name.endsWith('.v8'));
        const target = join(cache, file as string);
        await cp(join(planted, file as string), target, { force: true });
        await chown(target, ATTACKER, ATTACKER);
        await chmod(target, 0o600);
        expect((await asVictim()).pwned).toBe(false);
        // The same file as the victim's own (the control): run, so what keeps the victim safe is
        // that no one else can write there, and that a file of someone else's is not read. (The run
        // above replaced the attacker's file with a cache of its own.)
        await cp(join(planted, file as string), target, { force: true });
        await chown(target, VICTIM, VICTIM);
        await chmod(target, 0o600);
        expect((await asVictim()).pwned).toBe(true);
      });
    },
  );
});
