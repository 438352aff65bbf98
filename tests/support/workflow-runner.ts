import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { root } from './packages.js';
import { runScript } from './readme.js';

// Runs one job of a GitHub Actions workflow step by step, as a runner would: `run:` steps in
// `bash -eo pipefail` with the `${{ }}` expressions evaluated from the context given, `if:`
// conditions, `$GITHUB_ENV` and `$GITHUB_OUTPUT`, and actions/cache (restore, save, both) simulated
// by a directory of entries keyed by the computed key (exact key first, then `restore-keys`
// prefixes, newest first; `lookup-only`, `fail-on-cache-miss`). Other `uses:` steps (checkout,
// setup-node, upload-artifact) are what the runner provides: no-ops here.

export interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
export interface Job {
  needs?: string;
  env?: Record<string, string>;
  steps: Step[];
  strategy?: { matrix?: Record<string, unknown[]> };
}
export interface Workflow {
  concurrency?: unknown;
  on: { workflow_dispatch: { inputs: Record<string, { default?: unknown; type?: string }> } };
  jobs: Record<string, Job>;
}

export async function readWorkflow(): Promise<Workflow> {
  return parse(await readFile(join(root, 'examples/github-actions-issue.yml'), 'utf8')) as Workflow;
}

/** A simulated GitHub Actions cache: entries in creation order, each a directory. */
export class Cache {
  readonly entries: { key: string; dir: string }[] = [];
  /** Keys whose save fails (the action only warns, as actions/cache/save does). */
  failSave: (key: string) => boolean = () => false;
  #saves = 0;
  constructor(readonly dir: string) {}

  find(key: string, prefixes: string[]): { key: string; dir: string } | undefined {
    const exact = this.entries.find((e) => e.key === key);
    if (exact) return exact;
    for (const prefix of prefixes) {
      const newest = this.entries.filter((e) => e.key.startsWith(prefix)).at(-1);
      if (newest) return newest;
    }
    return undefined;
  }

  async save(key: string, paths: string[], workspace: string): Promise<string> {
    if (this.entries.some((e) => e.key === key)) return `Warning: cache entry ${key} already exists`;
    if (this.failSave(key)) return `Warning: failed to save cache ${key}`;
    // Numbered when the save starts: the shards of a dispatch save side by side.
    const dir = join(this.dir, String(this.#saves++));
    for (const path of paths) await cp(join(workspace, path), join(dir, path), { recursive: true });
    this.entries.push({ key, dir });
    return `saved ${key}`;
  }
}

export interface Context {
  inputs: Record<string, unknown>;
  github: { run_id: string; run_attempt: string; workspace?: string };
  matrix: Record<string, unknown>;
  secrets: Record<string, string>;
  env: Record<string, string>;
  steps: Record<string, { outcome: string; conclusion: string; outputs: Record<string, string> }>;
}

/** Evaluates a GitHub expression (the part inside `${{ }}`) against the context. */
export function evaluate(expression: string, context: Context, failed: boolean): unknown {
  const scope = {
    ...context,
    always: () => true,
    success: () => !failed,
    failure: () => failed,
    cancelled: () => false,
  };
  // Sloppy-mode `with`: context names (inputs, github, steps…) resolve as in GitHub expressions.
  const fn = new Function('scope', `with (scope) { return (${expression}); }`) as (s: object) => unknown;
  return fn(scope);
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** Replaces every `${{ expr }}` in `value`. */
export function expand(value: string, context: Context, failed = false): string {
  return value.replace(/\$\{\{\s*([\s\S]*?)\s*\}\}/g, (_, expr: string) =>
    text(evaluate(expr, context, failed)),
  );
}

function parseEnvFile(content: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of content.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

export interface JobResult {
  ok: boolean;
  output: string;
  outcomes: Record<string, string>;
}

/**
 * Runs `job` in `workspace` (a fresh checkout). Steps for which `skip` says true are left out
 * (the install, which the test replaces by the workspace's bins on PATH).
 */
export async function runJob(
  job: Job,
  context: Context,
  workspace: string,
  cache: Cache,
  skip: (step: Step) => boolean,
): Promise<JobResult> {
  const ctx: Context = { ...context, env: {}, steps: {} };
  for (const [k, v] of Object.entries(job.env ?? {})) ctx.env[k] = expand(String(v), ctx);
  const githubEnv = join(workspace, '.github-env');
  await writeFile(githubEnv, '');
  let failed = false;
  let output = '';
  const outcomes: Record<string, string> = {};
  for (const [index, step] of job.steps.entries()) {
    const label = step.name ?? step.uses ?? `step ${index}`;
    const condition = step.if ? step.if.replace(/^\$\{\{\s*|\s*\}\}$/g, '') : 'success()';
    if (skip(step) || !evaluate(condition, ctx, failed)) {
      outcomes[label] = 'skipped';
      if (step.id) ctx.steps[step.id] = { outcome: 'skipped', conclusion: 'skipped', outputs: {} };
      continue;
    }
    const stepEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(step.env ?? {})) stepEnv[k] = expand(String(v), ctx, failed);
    const inputs: Record<string, string> = {};
    for (const [k, v] of Object.entries(step.with ?? {})) inputs[k] = expand(String(v), ctx, failed);
    let ok = true;
    const outputs: Record<string, string> = {};
    if (step.run !== undefined) {
      const githubOutput = join(workspace, '.github-output');
      await writeFile(githubOutput, '');
      const { PATH, HOME } = process.env;
      const env = {
        PATH: `${join(root, 'node_modules/.bin')}:${PATH}`,
        HOME,
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_ENV: githubEnv,
        GITHUB_OUTPUT: githubOutput,
        GITHUB_WORKSPACE: workspace,
        RUNNER_TEMP: join(workspace, '.runner-temp'),
        XDG_CONFIG_HOME: join(workspace, '.config'),
        // A runner is a fresh machine: no state (locks, the registry of journals) from other jobs.
        XDG_STATE_HOME: join(workspace, '.local', 'state'),
        ...ctx.env,
        ...stepEnv,
      };
      await mkdir(env.RUNNER_TEMP, { recursive: true });
      const result = await runScript(`set -eo pipefail\n${expand(step.run, ctx, failed)}`, workspace, env);
      output += `--- ${label}\n${result.output}`;
      ok = result.code === 0;
      Object.assign(ctx.env, parseEnvFile(await readFile(githubEnv, 'utf8')));
      Object.assign(outputs, parseEnvFile(await readFile(githubOutput, 'utf8')));
    } else if (/^actions\/cache(\/restore|\/save)?@/.test(step.uses ?? '')) {
      const kind = step.uses?.split('@')[0];
      // actions/cache also saves in a post step; a journal must be saved and checked explicitly.
      if (kind === 'actions/cache') throw new Error(`step "${label}": use actions/cache/restore and /save`);
      const paths = (inputs['path'] ?? '').split('\n').filter(Boolean);
      if (kind === 'actions/cache/save') {
        output += `--- ${label}\n${await cache.save(inputs['key'] ?? '', paths, workspace)}\n`;
      } else {
        const prefixes = (inputs['restore-keys'] ?? '').split('\n').filter(Boolean);
        const hit = cache.find(inputs['key'] ?? '', prefixes);
        outputs['cache-hit'] = String(hit?.key === inputs['key']);
        outputs['cache-matched-key'] = hit?.key ?? '';
        output += `--- ${label}\n${hit ? `restored ${hit.key}` : 'cache not found'}\n`;
        if (hit && inputs['lookup-only'] !== 'true') {
          for (const path of paths) {
            await rm(join(workspace, path), { recursive: true, force: true });
            const from = join(hit.dir, path);
            if ((await readdir(hit.dir)).includes(path.split('/')[0] as string))
              await cp(from, join(workspace, path), { recursive: true });
          }
        }
        if (!hit && inputs['fail-on-cache-miss'] === 'true') ok = false;
      }
    } else if (
      !/^(actions\/(checkout|setup-node|upload-artifact)|pnpm\/action-setup)@/.test(step.uses ?? '')
    ) {
      throw new Error(`step "${label}": ${step.uses} is not simulated`);
    }
    outcomes[label] = ok ? 'success' : 'failure';
    if (step.id) ctx.steps[step.id] = { outcome: outcomes[label], conclusion: outcomes[label], outputs };
    if (!ok) failed = true;
  }
  return { ok: !failed, output, outcomes };
}
