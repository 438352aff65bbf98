// `pnpm bench`: the performance budget of DESIGN.md, measured as ratios in one run on one machine.
// Needs the packages built (`pnpm build`). `--quick` takes fewer samples (a smoke test, not figures
// to record); `--only cli,sdk,size` runs a subset.
import { benchCli } from './bench-cli.mjs';
import { benchSdk } from './bench-sdk.mjs';
import { benchSize } from './bench-size.mjs';
import { formatTable, machine } from './bench-stats.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',')) : undefined;
const suites = [
  ['cli', 'CLI start-up', benchCli],
  ['sdk', 'SDK call overhead', benchSdk],
  ['size', 'SDK size', benchSize],
];

console.log(`Machine: ${machine()}`);
console.log(`Command: pnpm bench${args.length ? ` ${args.join(' ')}` : ''} (${new Date().toISOString()})`);
let missed = 0;
for (const [key, title, run] of suites) {
  if (only && !only.has(key)) continue;
  const rows = await run({ quick });
  missed += rows.filter((row) => row.pass === false).length;
  console.log(`\n### ${title}\n\n${formatTable(rows)}`);
}
console.log(`\n${missed ? `${missed} target(s) missed` : 'All targets met'}.`);
