import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { BIN } from './support/build.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const hostile = useRecorder();
const TOKEN = { AGENT_CLI_TOKEN: 'explicit-token-value' };
const ESC = '\u001b';

function record(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    state: 'offer-sent',
    role: 'issuer',
    threadId: 't',
    createdAt: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

describe('server text on a terminal (item 5)', { timeout: 60_000 }, () => {
  it('escapes control characters in tables and --verbose bodies', async () => {
    hostile.answer([record(`evil${ESC}]0;pwned\u0007${ESC}[2J`)]);
    const result = await e2e.run(['credentials', 'list', '--base-url', hostile.url(), '--verbose'], {
      env: TOKEN,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('evil\\x1b]0;pwned\\x07\\x1b[2J');
    expect(result.stdout + result.stderr).not.toContain(ESC);
    expect(result.stdout + result.stderr).not.toContain('\u0007');
  });
});

describe('Unicode format characters from the server (attack F11)', { timeout: 60_000 }, () => {
  // Right-to-left override, isolates, zero-width space, line separator, BOM, a tag character.
  const sneaky = 'invoice\u202Efdp.exe\u2066x\u2069\u200B\u2028\uFEFF\u{E0041}end';
  const FORMAT = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2028\u2029\uFEFF\u{E0000}-\u{E007F}]/u;

  it('escapes them in tables, --verbose bodies and --json, like control characters', async () => {
    hostile.answer([record(sneaky)]);
    const table = await e2e.run(['credentials', 'list', '--base-url', hostile.url(), '--verbose'], {
      env: TOKEN,
    });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('invoice\\u202efdp.exe\\u2066x\\u2069\\u200b\\u2028\\ufeff\\u{e0041}end');
    expect(table.stdout + table.stderr).not.toMatch(FORMAT);
    const json = await e2e.run(['credentials', 'list', '--base-url', hostile.url(), '--json'], {
      env: TOKEN,
    });
    expect(json.stdout).not.toMatch(FORMAT);
    expect((JSON.parse(json.stdout) as { id: string }[])[0]?.id).toBe(sneaky);
  });

  it('escapes them in what the CLI echoes back (config set)', async () => {
    const result = await e2e.run(['config', 'set', 'org', `org\u202Eevil`, '--profile', 'f11']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('✓ org = org\\u202eevil (profile "f11")\n');
  });
});

describe('large lists (item 6)', { timeout: 120_000 }, () => {
  it('prints a table of 150 000 records', async () => {
    hostile.answer(Array.from({ length: 150_000 }, (_, i) => record(`id-${i}`)));
    const result = await e2e.run(['credentials', 'list', '--base-url', hostile.url()], { env: TOKEN });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(150_001);
  });
});

describe('a stdout that cannot be written (item 7)', { timeout: 60_000 }, () => {
  it('reports ENOSPC on /dev/full in one line and exits 1', async () => {
    hostile.answer([record('id-1')]);
    const child = spawn(
      process.execPath,
      [BIN, 'credentials', 'list', '--json', '--base-url', hostile.url()],
      {
        env: e2e.env(TOKEN),
        stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('error: cannot write to stdout (ENOSPC)\n');
    expect(code).toBe(1);
  });
});

describe('suggestions (item 11)', { timeout: 60_000 }, () => {
  it('prints "Did you mean" on its own line, without a literal \\n', async () => {
    const result = await e2e.run(['credentials', 'lst']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: unknown command 'lst'\n(Did you mean list?)\n");
  });
});
