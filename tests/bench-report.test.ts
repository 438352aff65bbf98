import { describe, expect, it } from 'vitest';
import { readRun, staleReports } from '../scripts/bench-report.mjs';

// Issue 23: the README's performance table and BENCHMARKS.md's targets and results are written by
// scripts/bench-report.mjs from the recorded run (docs/bench/results.json, `pnpm bench --record`).
describe('the performance figures in the documents', () => {
  it('are what the script writes from the latest recorded run (no hand-typed or stale figure)', () => {
    expect(staleReports()).toEqual([]);
  });

  it('come from a recorded run that names its machine and Node version and measured every target', () => {
    const run = readRun();
    expect(run.machine).toMatch(/Node v\d+\.\d+\.\d+/);
    expect(run.quick).toBe(false);
    const rows = run.suites.flatMap((s) => s.rows);
    for (const path of [
      /^agent-cli credentials list --json/,
      /^SDK credentials\.list\(\) of 1,000 records, sequential/,
      /^sendByEmailBulk vs a plain fetch loop/,
      /^SDK's own code/,
      /^Import only `AgentClient`/,
    ]) {
      expect(rows.find((row) => path.test(row.name))?.target).toBeDefined();
    }
  });

  it('hold ratios and verdicts that follow from their own measurements (no edited "yes")', () => {
    // The documents are rendered from the run; this checks the run itself: each ratio is its
    // subject over its baseline and each verdict is the ratio (or the size) against the target.
    const run = readRun();
    const rows = [...run.suites.flatMap((s) => s.rows), ...(run.bulk?.rows ?? [])];
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(typeof row.subject, row.name).toBe('number');
      if (row.baseline !== undefined) {
        expect(row.ratio, row.name).toBeCloseTo(Number(row.subject) / row.baseline, 9);
      }
      if (row.target !== undefined) {
        const value = Number(row.ratio ?? row.subject);
        expect(row.pass, row.name).toBe(row.atLeast ? value >= row.target : value <= row.target);
      }
    }
  });

  it("record the shipped bin's bulk runs, the 1,000,000-row dry run against its target (issue 21)", () => {
    const bulk = readRun().bulk;
    expect(bulk?.quick).toBe(false);
    const dry = bulk?.rows.find((row) =>
      /^agent-cli dry run, peak RSS, 1,000,000 vs 10,000 rows/.test(row.name),
    );
    expect(dry?.target).toBe(1.2);
    expect(
      bulk?.rows.some((row) => /^agent-cli real run, peak RSS, 100,000 vs 10,000 rows/.test(row.name)),
    ).toBe(true);
  });
});
