import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateCompileCacheDir } from '../../src/startup/compile-cache-dir.js';

const isRoot = process.getuid?.() === 0;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// sudo without -H: root runs with a user's HOME. Nothing may be created there (a root-owned
// directory in the user's cache would leave the user's own runs without a cache, unable to remove it).
describe.skipIf(!isRoot)('privateCompileCacheDir under a directory another user owns (needs root)', () => {
  it('returns no cache and creates nothing', () => {
    const home = mkdtempSync(join(tmpdir(), 'cc-home-'));
    dirs.push(home);
    chownSync(home, 65534, 65534);
    expect(privateCompileCacheDir({ XDG_CACHE_HOME: home })).toBeUndefined();
    expect(existsSync(join(home, 'agent-cli'))).toBe(false);
  });

  it('still creates the cache under a directory this user owns', () => {
    const home = mkdtempSync(join(tmpdir(), 'cc-home-'));
    dirs.push(home);
    expect(privateCompileCacheDir({ XDG_CACHE_HOME: home })).toBe(join(home, 'agent-cli', 'compile-cache'));
  });
});
