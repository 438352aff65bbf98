import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ensureBuilt, root } from './support/packages.js';
import { runScript } from './support/readme.js';

// The example workflow's `rehearse` job, run step by step by bash as a GitHub runner would: the
// sandbox is started as a background step and serves the later steps. The `uses:` steps (checkout,
// setup-node) and the global npm install are what the runner provides; here the workspace's bins
// are on PATH instead. `$GITHUB_ENV` is honoured between steps; `${{ inputs.x }}` takes the default.
interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Workflow {
  concurrency?: unknown;
  on: { workflow_dispatch: { inputs: Record<string, { default?: unknown }> } };
  jobs: Record<string, { env?: Record<string, string>; steps: Step[]; needs?: string }>;
}

let work: string | undefined;
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

function expand(value: string, inputs: Workflow['on']['workflow_dispatch']['inputs']): string {
  return value.replace(/\$\{\{\s*inputs\.(\w+)\s*\}\}/g, (_, name: string) => String(inputs[name]?.default));
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

describe('examples/github-actions-issue.yml', () => {
  it('rehearses the bulk run against the sandbox, started as a step, before the real job', async () => {
    await ensureBuilt();
    const text = await readFile(join(root, 'examples/github-actions-issue.yml'), 'utf8');
    const workflow = parse(text) as Workflow;
    const inputs = workflow.on.workflow_dispatch.inputs;
    const job = workflow.jobs['rehearse'];
    expect(job).toBeDefined();
    expect(workflow.jobs['issue']?.needs).toBe('rehearse');
    // One run at a time: a second dispatch waits, it never runs with a journal of its own.
    expect(workflow.concurrency).toEqual({ group: 'issue-credentials', 'cancel-in-progress': false });
    const steps = (job?.steps ?? []).filter(
      (step) => step.run && !step.run.startsWith('npm install --global'),
    );
    expect(steps.some((step) => step.run?.includes('agent-sandbox'))).toBe(true);

    work = await mkdtemp(join(tmpdir(), 'credential-agent-workflow-'));
    await cp(join(root, 'examples'), join(work, 'examples'), {
      recursive: true,
      filter: (f) => !f.includes('node_modules'),
    });
    const lines = ['set -e', ': > "$GITHUB_ENV"'];
    for (const step of steps) {
      const env = { ...job?.env, ...step.env };
      const exports = Object.entries(env).map(([k, v]) => `export ${k}=${quote(expand(v, inputs))};`);
      lines.push(`set -a; . "$GITHUB_ENV"; set +a`);
      lines.push(
        `(${exports.join(' ')} bash -eo pipefail -c ${quote(step.run as string)}) || { echo "step failed: ${step.name}" >&2; exit 1; }`,
      );
    }
    const { PATH, HOME } = process.env;
    const env = {
      PATH: `${join(root, 'node_modules/.bin')}:${PATH}`,
      HOME,
      CI: 'true',
      GITHUB_ENV: join(work, 'github.env'),
      XDG_CONFIG_HOME: join(work, 'config'),
    };
    const { code, output } = await runScript(lines.join('\n'), work, env);
    expect(code, output).toBe(0);
    const report = await readFile(join(work, 'rehearsal/report.json'), 'utf8');
    const holders =
      (await readFile(join(root, 'examples/holders.csv'), 'utf8')).trim().split('\n').length - 1;
    expect(report.match(/"status":\s*"sent"/g)?.length, report).toBe(holders);
    // The job counted the e-mails per holder from the sandbox, a process of its own.
    const deliveries = JSON.parse(await readFile(join(work, 'rehearsal/deliveries.json'), 'utf8'));
    expect(Object.keys(deliveries)).toHaveLength(holders);
    expect(Object.values(deliveries).every((n) => n === 1)).toBe(true);
  }, 120_000);
});
