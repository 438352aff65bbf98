// CLI start-up with and without the program's code cache (packages/cli/src/startup/program-loader.ts:
// V8's code cache of each chunk, taken when a run ends, in the user's private cache directory), on
// this Node or the one in BENCH_NODE (`BENCH_NODE=.ci/node24/node_modules/.bin/node`). Alternating
// runs, medians; the ratio is with / without (NODE_DISABLE_COMPILE_CACHE=1), lower is better.
// Run alone with `node scripts/bench-compile-cache.mjs`, or as part of `pnpm bench`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliEnv, startSandboxWorker } from './bench-cli.mjs';
import { alternate, formatTable, machine, ratioRow } from './bench-stats.mjs';

const root = new URL('../', import.meta.url);
const cliDir = new URL('packages/cli/', root);
const bin = fileURLToPath(
  new URL(JSON.parse(readFileSync(new URL('package.json', cliDir), 'utf8')).bin['agent-cli'], cliDir),
);

function run(node, args, env) {
  const result = spawnSync(node, args, { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** Measures the CLI with and without the compile cache; returns table rows. */
export async function benchCompileCache({ quick = false } = {}) {
  const node = process.env.BENCH_NODE ?? process.execPath;
  const version = run(node, ['--version'], process.env).trim();
  const sandbox = await startSandboxWorker();
  const temp = mkdtempSync(join(tmpdir(), 'agent-cli-cache-bench-'));
  // HOME holds the cache where the launcher puts it (~/.cache/agent-cli); NODE_COMPILE_CACHE stays unset.
  const env = { ...cliEnv(sandbox, temp), TMPDIR: temp };
  const without = { ...env, NODE_DISABLE_COMPILE_CACHE: '1' };
  try {
    const rows = [];
    for (const args of [
      ['credentials', 'list', '--json'],
      ['config', 'list'],
    ]) {
      run(node, [bin, ...args], env); // fills the cache
      const m = await alternate({
        rounds: quick ? 5 : 30,
        subject: () => run(node, [bin, ...args], env),
        baseline: () => run(node, [bin, ...args], without),
      });
      rows.push(ratioRow(`agent-cli ${args.join(' ')} on Node ${version}: cache vs none`, m));
    }
    return rows;
  } finally {
    await sandbox.close();
    rmSync(temp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(
    `${machine()}\n\n${formatTable(await benchCompileCache({ quick: process.argv.includes('--quick') }))}`,
  );
}
