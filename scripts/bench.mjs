// `pnpm bench`: the performance targets, measured as ratios in one run on one machine. Needs the
// packages built (`pnpm build`).
//   --quick          fewer samples (a smoke test, not figures to record)
//   --only a,b       a subset of the suites: cli, cache, sdk, bulk, size
//   --record         records the run in docs/bench/results.json and writes the README's performance
//                    table and BENCHMARKS.md's targets and results from it (scripts/bench-report.mjs)
//   --gate           what CI runs: quick, without the compile-cache suite, and exits 1 on a gross
//                    regression: a row more than 1.5× worse than both its target and the recorded
//                    figure (sizes too; tests/bundle.test.ts holds the tighter size budgets). A
//                    failing suite is measured once more and its better figure kept, so one noisy
//                    moment does not fail CI.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { benchCli } from './bench-cli.mjs';
import { benchCompileCache } from './bench-compile-cache.mjs';
import { RESULTS, writeReports } from './bench-report.mjs';
import { benchSdk } from './bench-sdk.mjs';
import { benchSize } from './bench-size.mjs';
import { formatTable, machine, missFactor } from './bench-stats.mjs';
import { benchThroughput } from './bench-throughput.mjs';

const args = process.argv.slice(2);
const gate = args.includes('--gate');
const quick = gate || args.includes('--quick');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',')) : undefined;
const SUITES = [
  ['cli', 'CLI start-up', benchCli],
  ['cache', 'CLI start-up with and without the code cache', benchCompileCache],
  ['sdk', 'SDK call overhead', benchSdk],
  ['bulk', 'Bulk throughput', benchThroughput],
  ['size', 'SDK size', benchSize],
];
const suites = SUITES.filter(([key]) => (only ? only.has(key) : !(gate && key === 'cache')));

/** How much worse than the recorded figure and the target a row may be before the gate fails. */
const GROSS = 1.5;

/** A row's key across runs: its suite and name, counts left out (`20 records` names the row of `0 records`). */
const rowKey = (key, name) => `${key}\n${name.replace(/\d+ records/, 'N records')}`;

/** The recorded figure of a row, by suite and name. */
function recorded() {
  try {
    const run = JSON.parse(readFileSync(RESULTS, 'utf8'));
    return new Map(run.suites.flatMap((s) => s.rows.map((row) => [rowKey(s.key, row.name), row])));
  } catch {
    return new Map();
  }
}

/** Why a row fails the gate, or undefined. */
function grossRegression(key, row, before) {
  if (row.target === undefined) return undefined;
  const last = before.get(rowKey(key, row.name));
  const allowed = Math.max(1, last ? missFactor(last) : 1) * GROSS;
  const factor = missFactor(row);
  return factor > allowed ? `${factor.toFixed(2)}× its target (at most ${allowed.toFixed(2)}×)` : undefined;
}

const command = `pnpm bench${args.length ? ` ${args.join(' ')}` : ''}`;
console.log(`Machine: ${machine()}\nCommand: \`${command}\` (${new Date().toISOString()})`);
const before = recorded();
// The machine may be shared: its load is part of what the figures mean.
const loadAtStart = loadavg()[0];
const results = [];
const failures = [];
for (const [key, title, run] of suites) {
  let rows = await run({ quick });
  const failing = () => rows.map((row) => grossRegression(key, row, before)).filter(Boolean);
  if (gate && failing().length) {
    console.log(`\n(${title}: measured again, ${failing().join('; ')})`);
    const again = await run({ quick });
    rows = rows.map((row, i) => (missFactor(again[i]) < missFactor(row) ? again[i] : row));
  }
  results.push({ key, title, rows });
  console.log(`\n### ${title}\n\n${formatTable(rows)}`);
  if (gate)
    for (const row of rows) {
      const why = grossRegression(key, row, before);
      if (why) failures.push(`${row.name}: ${why}`);
    }
}
const missed = results.flatMap((s) => s.rows).filter((row) => row.pass === false).length;
console.log(`\n${missed ? `${missed} target(s) missed` : 'All targets met'}.`);

if (args.includes('--record')) {
  const load = `${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`;
  writeReports({ machine: machine(), load, command, date: new Date().toISOString(), quick, suites: results });
  console.log('Recorded in docs/bench/results.json; README.md and BENCHMARKS.md written from it.');
}
if (gate) {
  if (failures.length) {
    console.log(`\nbench gate: gross regression\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('bench gate: no gross regression.');
}
