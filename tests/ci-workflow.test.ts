import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from './support/packages.js';

// .github/workflows/ci.yml runs .ci/run and nothing else, one matrix entry per Node version .ci/run
// knows, so what CI does is written once, in .ci/run.
interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  strategy?: { matrix?: { node?: unknown[] } };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const ciRun = join(root, '.ci/run');

/** The versions .ci/run tests besides the floor, read from its `SUPPORTED=(…)` line. */
async function supportedByCiRun(): Promise<number[]> {
  const script = await readFile(ciRun, 'utf8');
  const line = /^SUPPORTED=\(([\d ]+)\)/m.exec(script);
  expect(line, '.ci/run declares SUPPORTED=(…)').not.toBeNull();
  return (line?.[1] ?? '').trim().split(/\s+/).map(Number);
}

describe('.github/workflows/ci.yml', () => {
  it('runs .ci/run on push and pull request, one matrix entry per Node version .ci/run tests', async () => {
    const workflow = parse(await readFile(join(root, '.github/workflows/ci.yml'), 'utf8')) as Workflow;
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);

    const jobs = Object.values(workflow.jobs);
    expect(jobs).toHaveLength(1);
    const job = jobs[0] as Job;
    const matrix = job.strategy?.matrix?.node ?? [];
    expect(matrix).toEqual([20, ...(await supportedByCiRun())]);
    expect(matrix).toContain(26);

    const runs = job.steps.filter((step) => step.run !== undefined).map((step) => step.run?.trim());
    const matrixNode = ['$', '{{ matrix.node }}'].join(''); // GitHub's expression, not a template
    expect(runs).toEqual([`bash .ci/run ${matrixNode}`]);
    // The runner only needs the floor: .ci/run builds with it and installs the other Nodes itself.
    const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setup?.with?.['node-version']).toBe(20);
    expect(job.steps[0]?.uses).toMatch(/^actions\/checkout@/);
  });

  it('.ci/run refuses a Node version it does not test, before installing anything', () => {
    const result = spawnSync('bash', [ciRun, '19'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown Node version '19'");
    expect(result.stdout).toBe('');
  });
});
