// The package's bin, built to dist/agent-cli.cjs (see build/launcher.ts): a CommonJS file, which
// Node starts faster than an ES module, that loads nothing of the program for `--version` and
// `--help`. It answers those from text captured at build time from the real command tree (a test
// checks it against the live help of every command) and hands everything else to the bundled
// program (dist/bin.cjs), whose compiled code it caches on disk in a directory only the user can
// write (startup/program-loader.ts, startup/compile-cache-dir.ts), on every Node version.
// NODE_DISABLE_COMPILE_CACHE=1 turns that cache off; NODE_COMPILE_CACHE hands the program to
// Node's own compile cache in the directory it names instead.
import { privateCompileCacheDir } from './startup/compile-cache-dir.js';
import { type FastIndex, fastAnswer } from './startup/fast-path.js';
import { loadProgram } from './startup/program-loader.js';
import { VERSION } from './startup/version.js';
import { handleWriteErrors } from './terminal/write-errors.js';

/** The command tree's help texts, inlined by the build (build/launcher.ts). */
declare const __AGENT_CLI_FAST_INDEX__: FastIndex;
/** A hash of the program's chunks, inlined by the build: the name of its compiled-code cache. */
declare const __AGENT_CLI_BUILD_ID__: string;

const answer = fastAnswer(process.argv.slice(2), __AGENT_CLI_FAST_INDEX__, VERSION);
if (answer !== undefined) {
  handleWriteErrors(process);
  process.stdout.write(answer);
} else {
  // The program sets how failing output ends the run itself (src/bin.ts): a command may hold stdout.
  const env = process.env;
  const cacheDir =
    !env['NODE_DISABLE_COMPILE_CACHE'] && !env['NODE_COMPILE_CACHE'] ? privateCompileCacheDir() : undefined;
  if (cacheDir === undefined) require('./bin.cjs');
  else loadProgram(__dirname, cacheDir, __AGENT_CLI_BUILD_ID__);
}
