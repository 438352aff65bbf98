import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { transform } from 'esbuild';

// The program's chunks, bundled and split by tsup as ES modules (esbuild splits ES modules only),
// are turned into CommonJS in place: the launcher compiles each one through `vm.Script` with V8's
// code cache (src/startup/program-loader.ts), which Node 20 offers for scripts, not for ES modules.
// A static import becomes a `require`, a dynamic `import()` a `require` when it runs (so each
// command still loads only its own chunks), and `import.meta.url` the file's URL from `__filename`.

const FILE_URL = '__agentCliFileUrl';
const MODULE_PATH = /^\/\/ (\S+\.[cm]?[jt]sx?)$/gm;
const MARKED_PATH = /^\s*\/\/! (\S+\.[cm]?[jt]sx?)$/gm;

/**
 * Turns every `*.cjs` chunk in `dist` (ES-module code named `.cjs` by tsup's `outExtension`) into
 * CommonJS. Resolves with the build's id: a hash of every chunk, which names its code cache.
 */
export async function toCommonJs(dist: URL): Promise<string> {
  const hash = createHash('sha256');
  const chunks = (await readdir(dist)).filter((file) => file.endsWith('.cjs') && file !== 'agent-cli.cjs');
  for (const file of chunks.sort()) {
    const url = new URL(file, dist);
    const source = await readFile(url, 'utf8');
    const usesUrl = source.includes('import.meta.url');
    // esbuild's `// path` line before each bundled module says what a chunk holds (the start-up
    // tests and THIRD_PARTY_NOTICES read them); kept through the transform as legal comments.
    const marked = source.replace(MODULE_PATH, '//! $1');
    const transformed = await transform(marked, {
      loader: 'js',
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      supported: { 'dynamic-import': false },
      define: { 'import.meta.url': FILE_URL },
      banner: usesUrl ? `var ${FILE_URL} = require("node:url").pathToFileURL(__filename).href;` : '',
      legalComments: 'inline',
      logLevel: 'warning',
    });
    const code = transformed.code.replace(MARKED_PATH, '// $1');
    await writeFile(url, code);
    hash.update(file).update('\0').update(code).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
