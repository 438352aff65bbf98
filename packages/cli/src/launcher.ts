// The package's bin, built to dist/agent-cli.cjs (see build/launcher.ts): a CommonJS file, which
// Node starts faster than an ES module, that loads nothing of the program for `--version` and
// `--help`. It answers those from text captured at build time from the real command tree (a test
// checks it against the live help of every command) and hands everything else to the bundled
// program (dist/bin.js). Where Node has `module.enableCompileCache()` (22.1 and later) the
// program's compiled code is cached on disk in a directory only the user can write
// (compile-cache-dir.ts; NODE_COMPILE_CACHE chooses another, NODE_DISABLE_COMPILE_CACHE=1 turns it
// off), never Node's default one in the shared temporary directory.
import { privateCompileCacheDir } from './startup/compile-cache-dir.js';
import { type FastIndex, fastAnswer } from './startup/fast-path.js';
import { VERSION } from './startup/version.js';
import { handleWriteErrors } from './terminal/write-errors.js';

/** The command tree's help texts, inlined by the build (build/launcher.ts). */
declare const __AGENT_CLI_FAST_INDEX__: FastIndex;

handleWriteErrors(process);
const answer = fastAnswer(process.argv.slice(2), __AGENT_CLI_FAST_INDEX__, VERSION);
if (answer !== undefined) {
  process.stdout.write(answer);
} else {
  // Taken from Node, not imported: esbuild would wrap an import of node:module in an ES-module
  // namespace copy, a cost `--version` paid for nothing.
  const { enableCompileCache } = process.getBuiltinModule('node:module') as {
    enableCompileCache?: (dir: string) => unknown;
  };
  const env = process.env;
  const cacheDir =
    enableCompileCache && !env['NODE_DISABLE_COMPILE_CACHE'] && !env['NODE_COMPILE_CACHE']
      ? privateCompileCacheDir()
      : undefined;
  try {
    if (cacheDir !== undefined) enableCompileCache?.(cacheDir);
  } catch {
    // No cache: the program runs all the same.
  }
  void import('./bin.js');
}
