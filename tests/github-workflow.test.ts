import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ORG_ID, DEMO_USER, type RunningSandbox, startSandbox } from '@credential-agent/sandbox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from './support/packages.js';
import { runScript } from './support/readme.js';
import {
  Cache,
  type Context,
  type Job,
  type JobResult,
  readWorkflow,
  runJob,
  type Step,
  type Workflow,
} from './support/workflow-runner.js';

/** The install steps: the test puts the workspace's bins on PATH instead. */
const isInstall = (step: Step) => /^Install/.test(step.name ?? '');

// The example workflow's `rehearse` job, run step by step by bash as a GitHub runner would: the
// sandbox is started as a background step and serves the later steps. The `uses:` steps (checkout,
// setup-node) and the install from the repository are what the runner provides; the workspace's bins
// are on PATH instead. `$GITHUB_ENV` is honoured between steps; `${{ inputs.x }}` takes the default.
let work: string | undefined;
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

function expandDefaults(value: string, inputs: Workflow['on']['workflow_dispatch']['inputs']): string {
  return value.replace(/\$\{\{\s*inputs\.(\w+)\s*\}\}/g, (_, name: string) => String(inputs[name]?.default));
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Runs the `rehearse` job's steps by bash in a fresh directory; `csv` replaces the CSV input's file. */
async function rehearse(csv?: string) {
  await ensureBuilt();
  const workflow = await readWorkflow();
  const inputs = workflow.on.workflow_dispatch.inputs;
  const job = workflow.jobs['rehearse'];
  const steps = (job?.steps ?? []).filter((step) => step.run && !isInstall(step));
  const dir = await mkdtemp(join(tmpdir(), 'credential-agent-workflow-'));
  work = dir;
  await cp(join(root, 'examples'), join(dir, 'examples'), {
    recursive: true,
    filter: (f) => !f.includes('node_modules'),
  });
  if (csv !== undefined) await writeFile(join(dir, String(inputs['csv']?.default)), csv);
  const lines = ['set -e', ': > "$GITHUB_ENV"'];
  for (const step of steps) {
    const env = { ...job?.env, ...step.env };
    const exports = Object.entries(env).map(([k, v]) => `export ${k}=${quote(expandDefaults(v, inputs))};`);
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
    GITHUB_ENV: join(dir, 'github.env'),
    XDG_CONFIG_HOME: join(dir, 'config'),
  };
  return { dir, steps, ...(await runScript(lines.join('\n'), dir, env)) };
}

describe('examples/github-actions-issue.yml', () => {
  afterEach(async () => {
    if (work) await rm(work, { recursive: true, force: true });
    work = undefined;
  });

  it('rehearses the bulk run against the sandbox, started as a step, before the real job', async () => {
    const workflow = await readWorkflow();
    expect(workflow.jobs['rehearse']).toBeDefined();
    expect(workflow.jobs['issue']?.needs).toBe('rehearse');
    // One run at a time: a second dispatch waits, it never runs with a journal of its own.
    expect(workflow.concurrency).toEqual({ group: 'issue-credentials', 'cancel-in-progress': false });
    const { dir, steps, code, output } = await rehearse();
    expect(steps.some((step) => step.run?.includes('agent-sandbox'))).toBe(true);
    expect(code, output).toBe(0);
    const report = await readFile(join(dir, 'rehearsal/report.json'), 'utf8');
    const holders =
      (await readFile(join(root, 'examples/holders.csv'), 'utf8')).trim().split('\n').length - 1;
    expect(report.match(/"status":\s*"sent"/g)?.length, report).toBe(holders);
    // The job counted the e-mails per holder from the sandbox, a process of its own.
    const deliveries = JSON.parse(await readFile(join(dir, 'rehearsal/deliveries.json'), 'utf8'));
    expect(Object.keys(deliveries)).toHaveLength(holders);
    expect(Object.values(deliveries).every((n) => n === 1)).toBe(true);
  }, 120_000);

  // Issue 21 finding 15: the check reads the holders as the CLI parsed them, not by splitting on ",".
  it('passes a valid CSV with a blank line, a quoted e-mail and a quoted comma before the e-mail column', async () => {
    const csv =
      'name,email,degree\n"Lovelace, Ada",ada@example.com,BSc\n\nBo,"bo@example.com",MSc\r\n"Cy ""C""",cy@example.com,PhD\n';
    const { dir, code, output } = await rehearse(csv);
    expect(code, output).toBe(0);
    const deliveries = JSON.parse(await readFile(join(dir, 'rehearsal/deliveries.json'), 'utf8'));
    expect(deliveries).toEqual({ 'ada@example.com': 1, 'bo@example.com': 1, 'cy@example.com': 1 });
  }, 120_000);
});

// The `issue` job, run step by step against the in-process sandbox with the cache simulated
// (tests/support/workflow-runner.ts), once per shard, in the order GitHub would: a first dispatch,
// a re-run, a re-dispatch, a retry of rows in doubt, two dispatches queued by the concurrency
// group, and a cache save that failed. The sandbox counts the e-mails per holder.
describe('examples/github-actions-issue.yml: the issue job, dispatched again and again', () => {
  let sandbox: RunningSandbox;
  let dir: string;
  let workflow: Workflow;
  let cache: Cache;
  let runs = 0;
  const HOLDERS = Array.from({ length: 24 }, (_, i) => `holder${i}@example.com`);
  const CSV = `email,name\n${HOLDERS.map((e, i) => `${e},Holder ${i}`).join('\n')}\n`;

  beforeAll(async () => {
    await ensureBuilt();
    workflow = await readWorkflow();
    sandbox = await startSandbox();
    dir = await mkdtemp(join(tmpdir(), 'credential-agent-issue-job-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    sandbox.sandbox.reset();
    cache = new Cache(await mkdtemp(join(dir, 'cache-')));
  });

  const counts = () => HOLDERS.map((e) => sandbox.sandbox.deliveries(e));
  const sent = () => counts().reduce((a, b) => a + b, 0);

  /** What may differ between dispatches: the CSV's text, the base URL secret, the job (its shards). */
  interface Variant {
    csv?: string;
    baseUrl?: string;
    job?: Job;
  }

  /** One dispatch (or re-run, same run_id) of the `issue` job: every shard, one after another. */
  async function dispatch(
    runId: number,
    attempt = 1,
    inputs: Record<string, unknown> = {},
    variant: Variant = {},
  ) {
    const job = variant.job ?? (workflow.jobs['issue'] as Job);
    const shards = job.strategy?.matrix?.['shard'] ?? [];
    // The shards run side by side, as GitHub runs a matrix.
    return Promise.all(
      shards.map(async (shard) => {
        const workspace = join(dir, `run-${++runs}`);
        await mkdir(workspace);
        await writeFile(join(workspace, 'holders.csv'), variant.csv ?? CSV);
        const context: Context = {
          inputs: { csv: 'holders.csv', retry_in_doubt: false, ...inputs },
          github: { run_id: String(runId), run_attempt: String(attempt), workspace },
          matrix: { shard },
          secrets: {
            AGENT_BASE_URL: variant.baseUrl ?? sandbox.url,
            AGENT_ORG: DEMO_ORG_ID,
            AGENT_EMAIL: DEMO_USER.email,
            AGENT_PASSWORD: DEMO_USER.password,
            AGENT_CRED_DEF_ID: 'demo:3:CL:1:default',
          },
          env: {},
          steps: {},
        };
        return runJob(job, context, workspace, cache, isInstall);
      }),
    );
  }
  const ok = (results: JobResult[]) => results.every((r) => r.ok);
  const log = (results: JobResult[]) => results.map((r) => r.output).join('\n');
  // Half the e-mail requests answer 500 (not handled: nothing delivered): their rows are in doubt.
  const failHalf = () =>
    sandbox.sandbox.faults.add({ kind: 'status', status: 500, method: 'POST', path: '/orgs', rate: 0.5 });

  // Issue 21 finding 2: the journal is found again when nothing the CLI counts as identity changed.
  it('a second dispatch of the same CSV saved with CRLF line ends e-mails nobody twice', async () => {
    expect(ok(await dispatch(101))).toBe(true);
    const again = await dispatch(102, 1, {}, { csv: CSV.replace(/\n/g, '\r\n') });
    expect(ok(again), log(again)).toBe(true);
    expect(counts()).toEqual(HOLDERS.map(() => 1));
  }, 120_000);

  it('a second dispatch after the base URL secret gained a trailing slash e-mails nobody twice', async () => {
    expect(ok(await dispatch(103))).toBe(true);
    const again = await dispatch(104, 1, {}, { baseUrl: `${sandbox.url}/` });
    expect(ok(again), log(again)).toBe(true);
    expect(counts()).toEqual(HOLDERS.map(() => 1));
  }, 120_000);

  it('a second dispatch after one holder was appended e-mails that holder once and nobody twice', async () => {
    expect(ok(await dispatch(105))).toBe(true);
    const again = await dispatch(106, 1, {}, { csv: `${CSV}late@example.com,Late\n` });
    expect(ok(again), log(again)).toBe(true);
    expect(counts()).toEqual(HOLDERS.map(() => 1));
    expect(sandbox.sandbox.deliveries('late@example.com')).toBe(1);
  }, 120_000);

  it('going from 3 to 4 shards refuses before sending, saying so; nobody is e-mailed twice', async () => {
    expect(ok(await dispatch(107))).toBe(true);
    const four = structuredClone(workflow.jobs['issue']) as Job;
    (four.env as Record<string, unknown>)['SHARDS'] = 4;
    (four.strategy as { matrix: Record<string, unknown[]> }).matrix['shard'] = [1, 2, 3, 4];
    const again = await dispatch(108, 1, {}, { job: four });
    expect(ok(again)).toBe(false);
    expect(log(again)).toMatch(/was issued with 3 shards, this dispatch has 4/);
    expect(counts()).toEqual(HOLDERS.map(() => 1));
    // A new campaign name starts a journal of its own: it e-mails every holder again, on purpose.
    const renamed = await dispatch(109, 1, { campaign: 'spring-2' }, { job: four });
    expect(ok(renamed), log(renamed)).toBe(true);
    expect(counts()).toEqual(HOLDERS.map(() => 2));
  }, 120_000);

  it('installs from the repository (the packages are not published yet)', () => {
    const job = workflow.jobs['issue'] as Job;
    const install = job.steps.filter(isInstall);
    expect(install.length).toBeGreaterThan(0);
    expect(install.map((s) => s.run).join('\n')).toMatch(/pnpm install --frozen-lockfile/);
    expect(job.steps.some((s) => s.uses?.startsWith('actions/checkout@'))).toBe(true);
  });

  it('a first dispatch e-mails every holder once', async () => {
    const results = await dispatch(1);
    expect(ok(results), log(results)).toBe(true);
    expect(counts()).toEqual(HOLDERS.map(() => 1));
  }, 60_000);

  it('a re-run (same run, attempt 2) and a re-dispatch (new run) after a partial run e-mail nobody twice', async () => {
    failHalf();
    const first = await dispatch(10);
    expect(ok(first)).toBe(false);
    const partial = sent();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(HOLDERS.length);
    sandbox.sandbox.faults.clear();
    // The rows that failed with a 500 are in doubt: a re-run and a new dispatch send nothing again.
    const rerun = await dispatch(10, 2);
    expect(Math.max(...counts()), log(rerun)).toBe(1);
    const again = await dispatch(11);
    expect(Math.max(...counts()), log(again)).toBe(1);
    expect(sent()).toBe(partial);
    // Retrying the rows in doubt is a new dispatch with retry_in_doubt: every holder once, in the end.
    const retry = await dispatch(12, 1, { retry_in_doubt: true });
    expect(ok(retry), log(retry)).toBe(true);
    expect(counts()).toEqual(HOLDERS.map(() => 1));
  }, 120_000);

  it('retry_in_doubt with no journal to retry from stops before sending', async () => {
    const results = await dispatch(20, 1, { retry_in_doubt: true });
    expect(ok(results)).toBe(false);
    expect(sent()).toBe(0);
    expect(log(results)).toMatch(/retry_in_doubt/);
  }, 60_000);

  it('two dispatches at once are queued by the concurrency group, and the second sends nothing', async () => {
    expect(workflow.concurrency).toEqual({ group: 'issue-credentials', 'cancel-in-progress': false });
    // GitHub runs the second when the first ended (cancel-in-progress: false keeps the first).
    const a = await dispatch(30);
    const b = await dispatch(31);
    expect(ok(a) && ok(b), log(b)).toBe(true);
    expect(counts()).toEqual(HOLDERS.map(() => 1));
  }, 120_000);

  it('a journal whose save failed stops the next attempt: it sends nothing', async () => {
    failHalf();
    // The save of the journal after sending fails (the action itself only warns).
    cache.failSave = (key) => key.endsWith('-40-1');
    const first = await dispatch(40);
    expect(first.map((r) => r.outcomes['Check that the journal was saved'])).toContain('failure');
    const partial = counts();
    expect(sent()).toBeGreaterThan(0);
    sandbox.sandbox.faults.clear();
    cache.failSave = () => false;
    for (const results of [
      await dispatch(40, 2),
      await dispatch(41),
      await dispatch(42, 1, { retry_in_doubt: true }),
    ]) {
      expect(ok(results)).toBe(false);
      expect(log(results)).toMatch(/journal was not saved/);
    }
    expect(counts()).toEqual(partial);
  }, 120_000);

  it('a claim whose save failed sends nothing', async () => {
    cache.failSave = (key) => /claim/.test(key);
    const results = await dispatch(50);
    expect(ok(results)).toBe(false);
    expect(sent()).toBe(0);
  }, 60_000);
});
