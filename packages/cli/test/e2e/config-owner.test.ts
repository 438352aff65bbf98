import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';
import { type LocalUser, localUser, noOtherUsers } from './support/users.js';

const e2e = useE2E();
// The other user's own server on loopback (plain http to loopback needs no --insecure).
const theirs = useRecorder();

describe.skipIf(noOtherUsers !== undefined)(
  `a config directory another user owns or can write is refused (issue 19 item 2)${noOtherUsers ? ` — skipped: ${noOtherUsers}` : ''}`,
  { timeout: 60_000 },
  () => {
    let victim: LocalUser;
    let attacker: LocalUser;
    let root = '';
    let home = '';
    beforeAll(() => {
      victim = localUser('agentcli-victim');
      attacker = localUser('agentcli-attacker');
      root = mkdtempSync(join(tmpdir(), 'agent-cli-owner-'));
      chmodSync(root, 0o755);
      home = join(root, 'home');
      mkdirSync(home, { mode: 0o700 });
      chownSync(home, victim.uid, victim.gid);
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    /** A directory made by `owner` with `mode`, holding a config.json that points at their server. */
    function planted(name: string, owner: LocalUser, mode: number, fileOwner = owner, fileMode = 0o666) {
      const dir = join(root, name);
      mkdirSync(dir);
      const file = join(dir, 'config.json');
      writeFileSync(file, JSON.stringify({ profiles: { default: { baseUrl: theirs.url() } } }));
      chownSync(file, fileOwner.uid, fileOwner.gid);
      chmodSync(file, fileMode);
      chownSync(dir, owner.uid, owner.gid);
      chmodSync(dir, mode);
      return dir;
    }

    const login = (dir: string, env: Record<string, string> = {}) =>
      e2e.run(['login', '--email', DEMO_USER.email, '--password-stdin'], {
        as: victim,
        stdin: DEMO_USER.password,
        env: { HOME: home, AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_BASE_URL: undefined, ...env },
      });
    const passwordSent = () => theirs.received.some((r) => r.body.includes(DEMO_USER.password));

    it("another user's 0777 directory: login refuses, naming the path and the owner; no password reaches their server", async () => {
      const dir = planted('theirs-0777', attacker, 0o777);
      const result = await login(dir);
      expect(result.stderr.split('\n')[0]).toBe(
        `error: refusing the config directory ${dir}: it is owned by user id ${attacker.uid}, not by you (${victim.uid}), so another user could change where your password and tokens go. Use a directory only you can write (chmod 700), or set AGENT_CLI_TRUST_CONFIG_DIR=1 if you trust everyone who can write it`,
      );
      expect(result.code).toBe(2);
      expect(theirs.received).toEqual([]);
    });

    it('a directory of mine that others can write: refused, naming the mode', async () => {
      const dir = planted('mine-0777', victim, 0o777, attacker);
      const result = await login(dir);
      expect(result.stderr).toMatch(
        new RegExp(
          `^error: refusing the config directory ${dir}: it is writable by group and others \\(mode 0777\\)`,
        ),
      );
      expect(result.code).toBe(2);
      expect(theirs.received).toEqual([]);
    });

    it('a config.json another user owns in my private directory: refused, naming the file', async () => {
      const dir = planted('mine-their-file', victim, 0o700, attacker, 0o600);
      const result = await login(dir);
      expect(result.stderr).toMatch(
        new RegExp(
          `^error: refusing the config file ${join(dir, 'config.json')}: it is owned by user id ${attacker.uid}`,
        ),
      );
      expect(result.code).toBe(2);
      expect(passwordSent()).toBe(false);
    });

    it('a config.json of mine that others can write: refused', async () => {
      const dir = planted('mine-0666', victim, 0o700, victim, 0o666);
      const result = await e2e.run(['config', 'list'], {
        as: victim,
        env: { HOME: home, AGENT_CLI_CONFIG_DIR: dir },
      });
      expect(result.stderr).toMatch(
        /^error: refusing the config file .*: it is writable by group and others \(mode 0666\)/,
      );
      expect(result.code).toBe(2);
    });

    it('AGENT_CLI_TRUST_CONFIG_DIR=1 is the explicit opt-in: the shared directory is used', async () => {
      const dir = planted('trusted', attacker, 0o777);
      const result = await e2e.run(['config', 'get', 'base-url'], {
        as: victim,
        env: { HOME: home, AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_TRUST_CONFIG_DIR: '1' },
      });
      expect(result).toMatchObject({ code: 0, stdout: `${theirs.url()}\n` });
    });

    it('the lock-owner file is never written through a link another user planted in a shared directory', async () => {
      // A shared sticky directory the victim chose to trust; the other user planted a symlink where
      // the lock-owner file goes, pointing at a file of the victim's.
      const dir = join(root, 'sticky');
      mkdirSync(dir);
      chmodSync(dir, 0o1777);
      const precious = join(home, 'precious');
      writeFileSync(precious, 'keep me\n');
      chownSync(precious, victim.uid, victim.gid);
      symlinkSync(precious, join(dir, 'config.json.lock-owner'));
      // lchown: the link itself belongs to the other user.
      const { lchownSync } = await import('node:fs');
      lchownSync(join(dir, 'config.json.lock-owner'), attacker.uid, attacker.gid);
      const result = await e2e.run(['config', 'set', 'org', 'o1'], {
        as: victim,
        env: { HOME: home, AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_TRUST_CONFIG_DIR: '1' },
      });
      expect(result.stderr).toBe('✓ org = o1 (profile "default")\n');
      expect(result.code).toBe(0);
      expect(readFileSync(precious, 'utf8')).toBe('keep me\n');
    });
  },
);

describe('files the store writes are never written through a symlink (issue 19 item 2)', {
  timeout: 60_000,
}, () => {
  it('a symlink at config.json.lock-owner or config.json: the target is left alone', async () => {
    const dir = join(e2e.configDir(), 'links');
    mkdirSync(dir, { mode: 0o700 });
    const outside = join(e2e.configDir(), 'outside');
    writeFileSync(outside, 'keep me\n');
    symlinkSync(outside, join(dir, 'config.json.lock-owner'));
    const first = await e2e.run(['config', 'set', 'org', 'o1'], { env: { AGENT_CLI_CONFIG_DIR: dir } });
    expect(first).toMatchObject({ code: 0 });
    expect(readFileSync(outside, 'utf8')).toBe('keep me\n');

    const target = join(e2e.configDir(), 'target.json');
    writeFileSync(target, JSON.stringify({ profiles: { default: { org: 'from-target' } } }), { mode: 0o600 });
    rmSync(join(dir, 'config.json'));
    symlinkSync(target, join(dir, 'config.json'));
    const second = await e2e.run(['config', 'set', 'org', 'o2'], { env: { AGENT_CLI_CONFIG_DIR: dir } });
    expect(second).toMatchObject({ code: 0 });
    expect(JSON.parse(readFileSync(target, 'utf8')).profiles.default.org).toBe('from-target');
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default.org).toBe('o2');
  });
});
