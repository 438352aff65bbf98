// CLI start-up: `agent-cli --version`, `--help` and `credentials list --json` (against the sandbox
// server on loopback) against `node -e 0`, alternating, medians. Uses the built CLI
// (packages/cli/dist/bin.js) and the built sandbox (packages/sandbox/dist). Run alone with
// `node scripts/bench-cli.mjs`, or as part of `pnpm bench`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { alternate, formatTable, machine, ratioRow } from './bench-stats.mjs';

const bin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const sandboxDist = new URL('../packages/sandbox/dist/index.js', import.meta.url);

/** Runs `node ...args` and resolves with its stdout; rejects on a non-zero exit. */
function node(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else
        reject(
          new Error(`node ${args.join(' ')} exited ${code}: ${Buffer.concat(err).toString().slice(0, 500)}`),
        );
    });
  });
}

/** Measures the CLI; returns table rows. */
export async function benchCli({ quick = false } = {}) {
  if (!existsSync(bin) || !existsSync(fileURLToPath(sandboxDist))) {
    throw new Error('build first: pnpm build (needs packages/cli/dist and packages/sandbox/dist)');
  }
  const { startSandbox } = await import(sandboxDist.href);
  const running = await startSandbox({ port: 0 });
  const configDir = mkdtempSync(join(tmpdir(), 'agent-cli-bench-'));
  const env = {
    PATH: process.env.PATH ?? '',
    NO_COLOR: '1',
    AGENT_CLI_CONFIG_DIR: configDir,
    AGENT_CLI_BASE_URL: running.url,
    AGENT_CLI_TOKEN: running.sandbox.issueToken(),
  };
  try {
    const listed = JSON.parse(await node([bin, 'credentials', 'list', '--json'], env));
    if (!Array.isArray(listed)) throw new Error('credentials list --json did not print an array');
    const baseline = () => node(['-e', '0'], env);
    const cases = [
      ['agent-cli --version', ['--version'], 1.25],
      ['agent-cli --help', ['--help'], 1.25],
      [
        `agent-cli credentials list --json (sandbox, ${listed.length} records)`,
        ['credentials', 'list', '--json'],
        2,
      ],
    ];
    // The floor: any ES module entry point pays for the ESM loader, which `node -e 0` does not.
    const empty = join(configDir, 'empty.mjs');
    writeFileSync(empty, '');
    const rows = [];
    for (const [name, args, target] of cases) {
      await node([bin, ...args], env);
      await baseline();
      const m = await alternate({
        rounds: quick ? 5 : 25,
        subject: () => node([bin, ...args], env),
        baseline,
      });
      rows.push(ratioRow(`${name} vs node -e 0`, m, target));
    }
    const floor = await alternate({ rounds: quick ? 5 : 25, subject: () => node([empty], env), baseline });
    rows.push(ratioRow('  floor: node empty.mjs (an empty ES module) vs node -e 0', floor));
    return rows;
  } finally {
    await running.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`${machine()}\n\n${formatTable(await benchCli({ quick: process.argv.includes('--quick') }))}`);
}
