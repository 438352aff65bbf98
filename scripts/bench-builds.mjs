// Two builds of the CLI compared, alternating with `node -e 0`: `credentials list --json` (against
// the sandbox, as scripts/bench-cli.mjs runs it), `whoami` and `config list`, wall medians and
// ratios to `node -e 0`. For before/after figures of a start-up change (docs/performance.md):
//   git worktree add /tmp/before HEAD~1 && (cd /tmp/before && pnpm install --offline && pnpm build)
//   node scripts/bench-builds.mjs /tmp/before/packages/cli/dist/agent-cli.cjs [rounds, default 20]
// Both runs share one HOME, so each build's code cache (if it has one) is warm after the first run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEnv, startSandboxWorker } from './bench-cli.mjs';
import { machine, rotate } from './bench-stats.mjs';

const [before, roundsArg] = process.argv.slice(2);
if (!before) {
  process.stderr.write('usage: node scripts/bench-builds.mjs <agent-cli.cjs of the other build> [rounds]\n');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 20);
const builds = {
  before: resolve(before),
  now: fileURLToPath(new URL('../packages/cli/dist/agent-cli.cjs', import.meta.url)),
};
const commands = {
  'credentials list --json': ['credentials', 'list', '--json'],
  whoami: ['whoami'],
  'config list': ['config', 'list'],
};
const sandbox = await startSandboxWorker();
const home = mkdtempSync(join(tmpdir(), 'agent-cli-builds-'));
const env = cliEnv(sandbox, home);
const subjects = { 'node -e 0': ['-e', '0'] };
for (const [build, bin] of Object.entries(builds))
  for (const [name, args] of Object.entries(commands)) subjects[`${build}: ${name}`] = [bin, ...args];
let medians;
try {
  medians = rotate(
    Object.fromEntries(
      Object.entries(subjects).map(([name, args]) => [
        name,
        () => {
          const result = spawnSync(process.execPath, args, { env, stdio: 'ignore' });
          if (result.status !== 0) throw new Error(`${name} exited ${result.status}`);
        },
      ]),
    ),
    rounds,
  );
} finally {
  await sandbox.close();
  rmSync(home, { recursive: true, force: true });
}
const baseline = medians['node -e 0'];
process.stdout.write(`${machine()}; ${rounds} alternating rounds, medians\n`);
for (const [name, m] of Object.entries(medians)) {
  process.stdout.write(`${name.padEnd(34)} ${m.toFixed(1).padStart(7)} ms  ${(m / baseline).toFixed(2)}×\n`);
}
