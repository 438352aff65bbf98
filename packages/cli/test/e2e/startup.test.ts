import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from './support/build.js';

const dist = dirname(BIN);
const read = (file: string) => readFileSync(join(dist, file), 'utf8');
const staticImports = (code: string) =>
  [...code.matchAll(/^import\s[^;]*?from\s+"\.\/([^"]+)"/gm)].map((m) => m[1] as string);
const dynamicImports = (code: string) =>
  [...code.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1] as string);

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

  it('the launcher loads nothing but Node built-ins before it hands over to bin.js', () => {
    const launcher = read('agent-cli.cjs');
    const loaded = [...launcher.matchAll(/\b(?:require|import)\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(loaded).toContain('./bin.js');
    expect(loaded.filter((name) => name !== './bin.js' && !name?.startsWith('node:'))).toEqual([]);
  });

  it('bin.js has no static imports of the program: it loads what a command needs', () => {
    expect(staticImports(read('bin.js'))).toEqual([]);
  });

  it('loads no SDK, zod, ky, prompts, spinner, colour or config code for --help', () => {
    const loaded = closure(dynamicImports(read('bin.js')));
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
      .filter((file) => file.endsWith('.js'))
      .map(read)
      .join('\n');
    expect(code).toContain('node_modules/zod/v4/core/schemas.js');
    const zodFiles = new Set(code.match(/node_modules\/zod\/v4\/[\w/-]+\.js/g));
    expect([...zodFiles].filter((file) => /\/locales\/(?!en\.js)|from-json-schema/.test(file))).toEqual([]);
  });
});
