import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const server = useRecorder();
const SECRET = 'SECRETPW';

/** Spellings whose WHATWG-parsed URL has a user name and password, though the text has no `://u:p@`. */
const spellings = () => {
  const hostPort = server.url().slice('http://'.length);
  return [
    `http:\\\\u:${SECRET}@${hostPort}`,
    `http:/u:${SECRET}@${hostPort}`,
    ` http://u:${SECRET}@${hostPort}`,
    `http:u:${SECRET}@${hostPort}`,
  ];
};
const CASES = [0, 1, 2, 3];

describe('a base URL whose parsed form has userinfo is refused without echoing it (attack F3)', {
  timeout: 60_000,
}, () => {
  it.each(CASES)('--base-url, spelling %i', async (i) => {
    const url = spellings()[i] as string;
    const result = await e2e.run(['credentials', 'list', '--base-url', url], {
      env: { AGENT_CLI_TOKEN: 'tok' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: --base-url must not contain a user name or password/);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    expect(server.received).toEqual([]);
  });

  it.each(CASES)('AGENT_CLI_BASE_URL, spelling %i', async (i) => {
    const url = spellings()[i] as string;
    const result = await e2e.run(['credentials', 'list'], {
      env: { AGENT_CLI_TOKEN: 'tok', AGENT_CLI_BASE_URL: url },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: AGENT_CLI_BASE_URL must not contain a user name or password/);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    expect(server.received).toEqual([]);
  });

  it.each(CASES)('config set base-url, spelling %i: refused, nothing stored', async (i) => {
    const dir = join(e2e.configDir(), `set-${i}`);
    const result = await e2e.run(['config', 'set', 'base-url', spellings()[i] as string], {
      env: { AGENT_CLI_CONFIG_DIR: dir },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: base-url must not contain a user name or password/);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it.each(CASES)('a stored base URL, spelling %i: never printed, never called', async (i) => {
    const dir = join(e2e.configDir(), `stored-${i}`);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: { default: { baseUrl: spellings()[i] } } }));
    for (const argv of [
      ['config', 'list'],
      ['config', 'get', 'base-url'],
      ['whoami'],
      ['credentials', 'list'],
    ]) {
      const result = await e2e.run(argv, {
        env: { AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_BASE_URL: undefined },
      });
      // config list lists the others and names the broken profile (attack H2).
      expect(result.code, argv.join(' ')).toBe(argv.join(' ') === 'config list' ? 0 : 2);
      expect(result.stderr).toContain(`${file} is broken at profiles.default.baseUrl`);
      expect(result.stdout + result.stderr).not.toContain(SECRET);
    }
    expect(readFileSync(file, 'utf8')).toContain(SECRET);
    expect(server.received).toEqual([]);
  });
});
