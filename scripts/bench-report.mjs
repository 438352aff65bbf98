// The figures of the README's performance table and of BENCHMARKS.md's targets and results, written from the
// last recorded bench run (docs/bench/results.json, which `pnpm bench --record` writes), so that no
// figure in them is typed by hand. `node scripts/bench-report.mjs` rewrites both from the recorded
// run (and the bulk figures of `pnpm bench:bulk --record`); `--check` exits 1 when either differs from what it would write (tests/bench-report.test.ts
// does the same).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, formatTargets } from './bench-stats.mjs';

export const RESULTS = fileURLToPath(new URL('../docs/bench/results.json', import.meta.url));
const README = fileURLToPath(new URL('../README.md', import.meta.url));
const BENCHMARKS = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));

/** The recorded run. */
export function readRun() {
  return JSON.parse(readFileSync(RESULTS, 'utf8'));
}

const recordedBy = (run) =>
  `Recorded by \`${run.command}\` on ${run.date.slice(0, 10)}${run.quick ? ' (quick mode)' : ''}. ` +
  `Machine: ${run.machine}${run.load ? `; load average ${run.load}` : ''}.`;

/** BENCHMARKS.md's results: every suite's table. */
function benchmarksSection(run) {
  const rows = run.suites.flatMap((s) => s.rows);
  const missed = rows.filter((row) => row.pass === false).length;
  const tables = run.suites.map((s) => `### ${s.title}\n\n${formatTable(s.rows)}`);
  return [recordedBy(run), ...tables, `${missed ? `${missed} target(s) missed` : 'All targets met'}.`].join(
    '\n\n',
  );
}

/** The README's table: every row that has a target. */
function readmeSection(run) {
  const rows = run.suites.flatMap((s) => s.rows).filter((row) => row.target !== undefined);
  return `${recordedBy(run)} What each figure is, and what limits it: [BENCHMARKS.md](BENCHMARKS.md).\n\n${formatTable(rows)}`;
}

/** The bin's bulk figures (`pnpm bench:bulk --record`), or a line saying none were recorded. */
function bulkSection(run) {
  const bulk = run.bulk;
  if (!bulk) return 'No `pnpm bench:bulk --record` run recorded yet.';
  return [recordedBy(bulk), formatTable(bulk.rows), ...(bulk.notes ?? [])].join('\n\n');
}

/** `doc` with the text between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` replaced. */
function replaceBetween(doc, name, text, file) {
  const [start, end] = [`<!-- bench:${name}:start -->`, `<!-- bench:${name}:end -->`];
  const [before, rest] = doc.split(start);
  const after = rest?.split(end)[1];
  if (before === undefined || after === undefined) throw new Error(`${file} has no bench:${name} markers`);
  return `${before}${start}\n${text}\n${end}${after}`;
}

/** What README.md and BENCHMARKS.md hold once written from `run`. */
export function renderReports(run) {
  return {
    [README]: replaceBetween(
      replaceBetween(readFileSync(README, 'utf8'), 'summary', readmeSection(run), 'README.md'),
      'bulk',
      bulkSection(run),
      'README.md',
    ),
    [BENCHMARKS]: [
      ['targets', formatTargets(run.suites.flatMap((s) => s.rows))],
      ['results', benchmarksSection(run)],
      ['bulk', bulkSection(run)],
    ].reduce(
      (doc, [name, text]) => replaceBetween(doc, name, text, 'BENCHMARKS.md'),
      readFileSync(BENCHMARKS, 'utf8'),
    ),
  };
}

/** Records `run` (keeping the recorded bulk figures) and writes both documents from it. */
export function writeReports(run) {
  const bulk = readRun().bulk;
  const recorded = bulk ? { ...run, bulk } : run;
  writeFileSync(RESULTS, `${JSON.stringify(recorded, null, 2)}\n`);
  for (const [file, text] of Object.entries(renderReports(recorded))) writeFileSync(file, text);
}

/** Records the bin's bulk figures (`pnpm bench:bulk --record`) and writes both documents. */
export function recordBulk(bulk) {
  const run = { ...readRun(), bulk };
  writeFileSync(RESULTS, `${JSON.stringify(run, null, 2)}\n`);
  for (const [file, text] of Object.entries(renderReports(run))) writeFileSync(file, text);
}

/** The files that differ from what the recorded run would write. */
export function staleReports() {
  return Object.entries(renderReports(readRun()))
    .filter(([file, text]) => readFileSync(file, 'utf8') !== text)
    .map(([file]) => file);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--check')) {
    const stale = staleReports();
    for (const file of stale)
      console.error(`${file} differs from the recorded run: node scripts/bench-report.mjs`);
    process.exitCode = stale.length ? 1 : 0;
  } else {
    for (const [file, text] of Object.entries(renderReports(readRun()))) writeFileSync(file, text);
  }
}
