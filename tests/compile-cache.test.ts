import { chmod, chown, cp, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ATTACKER, otherUsersUnavailable, runAs, VICTIM } from './support/other-users.js';
import { ensureBuilt, root } from './support/packages.js';
import { node } from './support/process.js';

// The installed bin turns on Node's compile cache where Node has it (22.1 and later): CI runs this
// file on Node 22 and 24 too (.ci/run). On Node 20 there is nothing to check.
const bin = join(root, 'packages/cli/bin/agent-cli.cjs');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function temp(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

describe.skipIf(!hasCompileCache)('the compile cache', () => {
  it('agent-cli caches its compiled bundle in a 0700 directory under the user cache directory, not the temporary one', async () => {
    await ensureBuilt();
    // NODE_COMPILE_CACHE alone would turn the cache on: the default place is what the CLI chooses.
    const home = await temp('agent-cli-cache-');
    const shared = join(home, 'tmp');
    await mkdir(shared);
    const env = { PATH: process.env['PATH'], HOME: home, AGENT_CLI_CONFIG_DIR: home, TMPDIR: shared };
    const cache = join(home, '.cache/agent-cli/compile-cache');

    await node([bin, 'config', 'list'], { env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(await files(home)).toEqual([]);
    const { stdout } = await node([bin, 'config', 'list'], { env });
    expect(stdout).not.toBe('');
    expect((await files(cache)).length).toBeGreaterThan(0);
    expect((await stat(cache)).mode & 0o777).toBe(0o700);
    expect(await files(shared)).toEqual([]);

    const xdg = join(home, 'xdg');
    await node([bin, 'config', 'list'], { env: { ...env, XDG_CACHE_HOME: xdg } });
    expect((await files(join(xdg, 'agent-cli/compile-cache'))).length).toBeGreaterThan(0);
  });

  // Another user on the machine plants compiled code where the victim's cache would be; the planted
  // entry is proved to work (the victim who points NODE_COMPILE_CACHE at it runs it), and agent-cli's
  // own choice of directory must never load it.
  describe.skipIf(otherUsersUnavailable !== undefined)(
    `as two users (${otherUsersUnavailable ?? 'setpriv as root'})`,
    () => {
      async function machine() {
        await ensureBuilt();
        // A copy of the built CLI every user can read (the checkout itself may sit in a private directory).
        const base = await temp('agent-cli-users-');
        await chmod(base, 0o755);
        const cli = join(base, 'cli');
        await cp(join(root, 'packages/cli/dist'), cli, { recursive: true });
        const plant = join(base, 'plant-compile-cache.mjs');
        await cp(join(root, 'tests/fixtures/plant-compile-cache.mjs'), plant);
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
        const asAttacker = async (cacheRoot: string) => {
          const work = await runAs(ATTACKER, 'mktemp', ['-d', join(attackerHome, 'work-XXXXXX')]);
          await runAs(ATTACKER, process.execPath, [
            plant,
            join(cli, 'bin.js'),
            cacheRoot,
            String(VICTIM),
            work.stdout.trim(),
          ]);
        };
        const victimEnv = {
          PATH: process.env['PATH'],
          HOME: home,
          AGENT_CLI_CONFIG_DIR: join(home, 'config'),
          TMPDIR: shared,
        };
        const asVictim = async (env: NodeJS.ProcessEnv = {}) => {
          const { stdout } = await runAs(
            VICTIM,
            process.execPath,
            [join(cli, 'agent-cli.cjs'), 'config', 'list'],
            {
              env: { ...victimEnv, ...env },
            },
          );
          const pwned = (await files(home)).includes('pwned');
          return { stdout, pwned };
        };
        return { shared, home, asAttacker, asVictim };
      }

      it("code planted in Node's default cache in the temporary directory is never run", async () => {
        const { shared, asAttacker, asVictim } = await machine();
        const nodeDefault = join(shared, 'node-compile-cache');
        await asAttacker(nodeDefault);

        const victim = await asVictim();
        expect(victim.stdout).toContain('No profiles yet');
        expect(victim.pwned).toBe(false);
        // The plant is real: a victim who chooses that directory runs the attacker's code.
        expect((await asVictim({ NODE_COMPILE_CACHE: nodeDefault })).pwned).toBe(true);
      });

      it('a cache directory another user created (0777) under a shared XDG_CACHE_HOME is refused', async () => {
        const { shared, home, asAttacker, asVictim } = await machine();
        const xdg = join(shared, 'cache');
        await asAttacker(join(xdg, 'agent-cli/compile-cache'));

        const victim = await asVictim({ XDG_CACHE_HOME: xdg });
        expect(victim.stdout).toContain('No profiles yet');
        expect(victim.pwned).toBe(false);
        expect(await files(home)).not.toContain('pwned');
      });

      it("the victim's own cache directory is private and used", async () => {
        const { home, asVictim } = await machine();
        await asVictim();
        const cache = join(home, '.cache/agent-cli/compile-cache');
        const info = await stat(cache);
        expect([info.uid, info.mode & 0o777]).toEqual([VICTIM, 0o700]);
        expect((await files(cache)).length).toBeGreaterThan(0);
      });
    },
  );
});
