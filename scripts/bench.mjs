// `pnpm bench`: the performance budget of DESIGN.md, measured as ratios in one run on one machine.
// Needs the packages built (`pnpm build`). `--quick` takes fewer samples (a smoke test, not figures
// to record); `--only cli,cache,sdk,size` runs a subset; `--write` also records the results in
// BENCHMARKS.md (between its `bench:results` markers).
import { readFileSync, writeFileSync } from 'node:fs';
import { benchCli } from './bench-cli.mjs';
import { benchCompileCache } from './bench-compile-cache.mjs';
import { benchSdk } from './bench-sdk.mjs';
import { benchSize } from './bench-size.mjs';
import { formatTable, machine } from './bench-stats.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',')) : undefined;
const suites = [
  ['cli', 'CLI start-up', benchCli],
  ['cache', 'CLI start-up with and without the compile cache (Node ≥ 22.1)', benchCompileCache],
  ['sdk', 'SDK call overhead', benchSdk],
  ['size', 'SDK size', benchSize],
];

const lines = [];
const say = (text) => {
  console.log(text);
  lines.push(text);
};

const shown = args.filter((arg) => arg !== '--write');
say(`Machine: ${machine()}  `);
say(`Command: \`pnpm bench${shown.length ? ` ${shown.join(' ')}` : ''}\` (${new Date().toISOString()})`);
let missed = 0;
for (const [key, title, run] of suites) {
  if (only && !only.has(key)) continue;
  const rows = await run({ quick });
  missed += rows.filter((row) => row.pass === false).length;
  say(`\n### ${title}\n\n${formatTable(rows)}`);
}
say(`\n${missed ? `${missed} target(s) missed` : 'All targets met'}.`);

if (args.includes('--write')) {
  const file = new URL('../BENCHMARKS.md', import.meta.url);
  const [start, end] = ['<!-- bench:results:start -->', '<!-- bench:results:end -->'];
  const doc = readFileSync(file, 'utf8');
  const [before, rest] = doc.split(start);
  const after = rest?.split(end)[1];
  if (before === undefined || after === undefined)
    throw new Error('BENCHMARKS.md has no bench:results markers');
  writeFileSync(file, `${before}${start}\n${lines.join('\n')}\n${end}${after}`);
}
