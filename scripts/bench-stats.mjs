// Shared measuring and reporting helpers of the bench scripts (`pnpm bench`).
import { existsSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

/**
 * The directory of the SDK build the benches measure, as a URL ending in `/`: `BENCH_SDK_DIST`
 * (another build, for a before/after comparison; a path relative to the current directory, with
 * or without its final `/`), else the built package.
 */
export function sdkDistUrl() {
  const given = process.env.BENCH_SDK_DIST;
  const dir = given ? pathToFileURL(`${resolve(given)}/`) : new URL('../packages/sdk/dist/', import.meta.url);
  if (!existsSync(new URL('index.js', dir))) {
    const what = given ? `BENCH_SDK_DIST=${given}` : 'packages/sdk/dist';
    throw new Error(
      `${what} holds no SDK build (index.js): run pnpm build, or name a build's dist directory`,
    );
  }
  return dir;
}

/**
 * Runs a suite on its own (`node scripts/bench-<suite>.mjs [--quick]`): prints its table, or one
 * line naming the suite and what failed, exit code 1.
 */
export async function printSuite(name, suite) {
  try {
    const rows = await suite({ quick: process.argv.includes('--quick') });
    console.log(`${machine()}\n\n${formatTable(rows)}`);
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Milliseconds one call of `fn` takes (awaited). */
export async function timeOnce(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Runs `subject` and `baseline` alternately for `rounds` rounds (the order flips every round, so
 * neither side always runs on a warmer machine) and returns the median of each side's timings.
 */
export async function alternate({ rounds, subject, baseline }) {
  const times = { subject: [], baseline: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? ['baseline', 'subject'] : ['subject', 'baseline'];
    for (const side of order) times[side].push(await timeOnce(side === 'subject' ? subject : baseline));
  }
  return { subject: median(times.subject), baseline: median(times.baseline), samples: rounds };
}

/**
 * Runs every subject (`name` → a synchronous function, e.g. a `spawnSync`) once to warm up, then
 * `rounds` rounds of all of them, the order rotated every round (no subject always runs first on a
 * cold or warm machine). Returns each subject's median time in ms.
 */
export function rotate(subjects, rounds) {
  const names = Object.keys(subjects);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  const once = (name) => {
    const start = performance.now();
    subjects[name]();
    return performance.now() - start;
  };
  for (const name of names) once(name);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length];
      times[name].push(once(name));
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(times[name])]));
}

/**
 * One row of the results table: a ratio against its target. Lower is better, unless `atLeast`
 * (a throughput): then the ratio must reach the target.
 */
export function ratioRow(
  name,
  { subject, baseline, samples },
  target,
  unit = 'ms',
  { atLeast = false } = {},
) {
  const ratio = subject / baseline;
  const pass = target === undefined ? undefined : atLeast ? ratio >= target : ratio <= target;
  return { name, subject, baseline, unit, ratio, target, atLeast, samples, pass };
}

/** How far a row is from its target, as a factor ≥ 1 when it misses it (1.5: 1.5 times worse). */
export function missFactor(row) {
  if (row.target === undefined) return 1;
  const value = row.ratio ?? row.subject;
  return row.atLeast ? row.target / value : value / row.target;
}

/** One row of the results table: an absolute figure against its limit (lower is better). */
export function limitRow(name, value, limit, unit) {
  return { ...infoRow(name, value, unit), target: limit, pass: value <= limit };
}

/** An informational row (no target). */
export function infoRow(name, value, unit) {
  return {
    name,
    subject: value,
    baseline: undefined,
    unit,
    ratio: undefined,
    target: undefined,
    pass: undefined,
  };
}

function formatValue(value, unit) {
  if (value === undefined) return '';
  if (unit === 'KB') return `${(value / 1024).toFixed(2)} KB`;
  if (unit === 'rows/s') return `${Math.round(value).toLocaleString('en-US')} rows/s`;
  if (unit === 'bool') return value ? 'yes' : 'no';
  return `${value.toFixed(value < 10 ? 2 : 1)} ${unit}`;
}

function formatTarget(row) {
  if (row.target === undefined) return '';
  if (row.ratio !== undefined) return `${row.atLeast ? '≥' : '≤'} ${row.target}×`;
  return `≤ ${formatValue(row.target, row.unit)}`;
}

/** The results as a Markdown table, columns padded (readable on a terminal, stable under Biome). */
export function formatTable(rows) {
  const head = ['Measurement', 'Measured', 'Baseline', 'Ratio', 'Target', 'Met'];
  const body = rows.map((r) => [
    r.name,
    formatValue(r.subject, r.unit),
    formatValue(r.baseline, r.unit),
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`,
    formatTarget(r),
    r.pass === undefined ? '' : r.pass ? 'yes' : '**no**',
  ]);
  return markdownTable(head, body);
}

/** The targets of `rows` (the rows that have one): what each measures and the bound it must meet. */
export function formatTargets(rows) {
  return markdownTable(
    ['Measurement', 'Target'],
    rows.filter((r) => r.target !== undefined).map((r) => [r.name, formatTarget(r)]),
  );
}

/** A Markdown table with its columns padded (as biome formats one). */
function markdownTable(head, body) {
  const widths = head.map((_, i) => Math.max(3, ...[head, ...body].map((cells) => cells[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** The machine the figures were measured on. */
export function machine() {
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return `nproc ${availableParallelism()}, ${cpu}, Node ${process.version}, ${process.platform}-${process.arch}`;
}
