// Bundles a snippet as a consumer's bundler would (ESM, minified) and measures it gzipped. Shared by
// `pnpm bench` (scripts/bench-size.mjs, over the built SDK) and tests/bundle.test.ts (over its sources).
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

/**
 * @param {string} contents the entry module's source
 * @param {{ resolveDir: string, loader?: 'js' | 'ts', external?: string[] }} options
 * @returns {Promise<{ gzip: number, inputs: string[], kept: string[] }>} gzipped bytes, the files
 * bundled, and those of them with code left in the output (the rest was shaken out)
 */
export async function bundleSize(contents, { resolveDir, loader = 'js', external = [] }) {
  const result = await build({ ...options(contents, resolveDir, loader, external), minify: true });
  const code = result.outputFiles[0].contents;
  const [output] = Object.values(result.metafile.outputs);
  const kept = Object.entries(output.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([file]) => file);
  return { gzip: gzip(code), inputs: Object.keys(result.metafile.inputs), kept };
}

const gzip = (code) => gzipSync(code, { level: 9 }).length;

function options(contents, resolveDir, loader, external) {
  return {
    stdin: { contents, resolveDir, loader },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external,
    write: false,
    metafile: true,
    logLevel: 'silent',
  };
}

/**
 * What each bundled file costs: the gzipped bytes the same bundle loses without that file's code
 * (gzip shares repeated text between files, so these do not add up to the total). Bundled with
 * minified syntax and names but not whitespace, so esbuild keeps its `// file` line before each
 * file's code; a file's cost is the bundle's gzipped size (whitespace minified) with and without it.
 * @returns {Promise<{ gzip: number, files: { file: string, gzip: number }[] }>} largest first
 */
export async function moduleSizes(contents, { resolveDir, loader = 'js', external = [] }) {
  const result = await build({
    ...options(contents, resolveDir, loader, external),
    minifySyntax: true,
    minifyIdentifiers: true,
    legalComments: 'none',
  });
  // The export list names every file's bindings: left out, so that any file can be cut.
  const text = result.outputFiles[0].text.replace(/^export \{[^}]*\};?\s*$/m, '');
  const parts = text.split(/^\/\/ (\S+\.[cm]?[jt]s)$/m);
  const size = async (code) => gzip((await transform(code, { minifyWhitespace: true, loader: 'js' })).code);
  const whole = await size(text);
  const files = [];
  for (const file of new Set(parts.filter((_, i) => i % 2 === 1))) {
    const without = parts.filter((_, i) => i % 2 === 0 && parts[i - 1] !== file).join('\n');
    files.push({ file, gzip: whole - (await size(without)) });
  }
  return { gzip: whole, files: files.sort((a, b) => b.gzip - a.gzip) };
}
