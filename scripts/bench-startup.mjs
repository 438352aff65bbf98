// Start-up time of the built agent-cli: `agent-cli --version` and `agent-cli --help` against
// `node -e 0`, run alternately N times (default 30; `node scripts/bench-startup.mjs 50`), medians
// and ratios. `agent-cli help` prints the same root help through the program (commander, the
// command tree): the difference is what the launcher's build-time help saves. `agent-cli help
// credentials` loads one command group, `agent-cli completion bash` all of them (and the SDK): what
// a program that loaded everything up front would pay. `agent-cli whoami` (a token from
// AGENT_CLI_TOKEN, nothing sent) and `agent-cli config list` read the settings only: they load the
// SDK's token helpers, not its client. See docs/performance.md.
// The budget is 1.25× for --version (DESIGN.md); exits 1 when it is exceeded.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rotate } from './bench-stats.mjs';

const bin = fileURLToPath(new URL('../packages/cli/dist/agent-cli.cjs', import.meta.url));
const rounds = Number(process.argv[2] ?? 30);
const TARGET = 1.25;

if (!existsSync(bin)) {
  process.stderr.write(`${bin} is missing: run pnpm build first\n`);
  process.exit(1);
}

// A private config dir, so nothing of the user's is read (nothing should be, for these commands).
const dir = mkdtempSync(join(tmpdir(), 'agent-cli-bench-'));
const env = { PATH: process.env.PATH, HOME: dir, AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_TOKEN: 'bench-token' };
// An empty ES module: the floor for any `"type": "module"` bin (Node's ESM loader costs a little).
const emptyModule = join(dir, 'empty.mjs');
writeFileSync(emptyModule, '');

const subjects = {
  'node -e 0': ['-e', '0'],
  'node empty.mjs': [emptyModule],
  'agent-cli --version': [bin, '--version'],
  'agent-cli --help': [bin, '--help'],
  'agent-cli help': [bin, 'help'],
  'agent-cli help credentials': [bin, 'help', 'credentials'],
  'agent-cli completion bash': [bin, 'completion', 'bash'],
  'agent-cli whoami': [bin, 'whoami'],
  'agent-cli config list': [bin, 'config', 'list'],
};

/** Runs `node ...args`; throws when it fails. */
function run(args) {
  const result = spawnSync(process.execPath, args, { env, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
}

let medians;
try {
  medians = rotate(
    Object.fromEntries(Object.entries(subjects).map(([name, args]) => [name, () => run(args)])),
    rounds,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const baseline = medians['node -e 0'];
const rows = Object.entries(medians).map(([name, m]) => ({ name, median: m, ratio: m / baseline }));
process.stdout.write(`start-up, ${rounds} alternating runs each, medians (node ${process.version})\n`);
for (const row of rows) {
  const target = row.name.endsWith('--version') ? `  (target ≤ ${TARGET}×)` : '';
  process.stdout.write(
    `${row.name.padEnd(28)} ${row.median.toFixed(1).padStart(7)} ms  ${row.ratio.toFixed(2)}×${target}\n`,
  );
}
const version = rows.find((r) => r.name.endsWith('--version'));
if (version && version.ratio > TARGET) {
  process.stderr.write(`agent-cli --version is ${version.ratio.toFixed(2)}× node -e 0 (budget ${TARGET}×)\n`);
  process.exitCode = 1;
}
