// Bundles a snippet as a consumer's bundler would (ESM, minified) and measures it gzipped. Shared by
// `pnpm bench` (scripts/bench-size.mjs, over the built SDK) and tests/bundle.test.ts (over its sources).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * @param {string} contents the entry module's source
 * @param {{ resolveDir: string, loader?: 'js' | 'ts', external?: string[] }} options
 * @returns {Promise<{ gzip: number, inputs: string[] }>} gzipped bytes and the files bundled
 */
export async function bundleSize(contents, { resolveDir, loader = 'js', external = [] }) {
  const result = await build({
    stdin: { contents, resolveDir, loader },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { gzip: gzipSync(code, { level: 9 }).length, inputs: Object.keys(result.metafile.inputs) };
}
