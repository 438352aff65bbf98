import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Pane } from '../e2e/support/shells.js';
import { runsProgram } from '../e2e/support/signals.js';
import { hasTmux, shellLine } from '../e2e/support/terminal.js';
import { BIN, ensureBuilt, holderEmails, INDY_FLAGS, startBulk, until } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

const ROWS = 100;

/**
 * Runs `node <argv…>` on a tmux pane's terminal (stdin, stdout and stderr) through a parent that
 * outlives the terminal and writes how the child ended to `exit.json`: a shell would die with the
 * terminal and could not say. `ownSession` starts the child in a session of its own, so closing
 * the terminal sends it no SIGHUP (a job started with setsid, or whose shell ignored the hang-up).
 */
async function onTerminal(dir: string, argv: string[], env: Record<string, string>, ownSession = false) {
  const parent = join(dir, 'parent.cjs');
  await writeFile(
    parent,
    `process.on('SIGHUP', () => {});
const [out, session, ...argv] = process.argv.slice(2);
const fs = require('node:fs');
// Written whole, then renamed: the test polls for these files and must never read half of one.
const publish = (file, text) => { fs.writeFileSync(file + '.tmp', text); fs.renameSync(file + '.tmp', file); };
const child = require('node:child_process').spawn(process.execPath, argv, { stdio: 'inherit', detached: session === 'own' });
publish(out + '.pid', String(child.pid));
child.on('exit', (code, signal) => publish(out, JSON.stringify({ code, signal })));
`,
  );
  const exitFile = join(dir, 'exit.json');
  const pane = new Pane('hang-up');
  const words = [process.execPath, parent, exitFile, ownSession ? 'own' : 'shared', BIN, ...argv];
  // The shell stays (it does not exec the parent): as the session's leader it gets the hang-up, and
  // as it ends the kernel sends SIGHUP to the terminal's foreground jobs, the CLI among them.
  pane.start(`bash --norc -c ${shellLine([`${shellLine(words)}; exit`])}`, dir, env);
  return {
    pane,
    /** Waits until the CLI runs its program (it handles SIGHUP: see runsProgram), then a little longer. */
    async running(): Promise<void> {
      await until(
        () => existsSync(`${exitFile}.pid`) && runsProgram(Number(readFileSync(`${exitFile}.pid`, 'utf8'))),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
    /** How the CLI ended, once it has (a process killed by a signal has a null code). */
    async exit(): Promise<{ code: number | null; signal: string | null }> {
      await until(() => existsSync(exitFile));
      return JSON.parse(await readFile(exitFile, 'utf8'));
    },
  };
}

describe.skipIf(!hasTmux)('the terminal hangs up (tmux kill-server)', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);
  let pane: Pane | undefined;
  afterEach(() => pane?.stop());

  async function bulkOnTerminal(ownSession: boolean) {
    const running = await sandboxAgent({
      faults: [{ kind: 'latency', method: 'POST', path: '/orgs', ms: 400 }],
    });
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(ROWS));
    const config = join(dir, 'config');
    const report = join(dir, 'report.json');
    const argv = [csv, ...INDY_FLAGS, '--concurrency', '2', '--report', report];
    const env = {
      PATH: process.env['PATH'] ?? '',
      AGENT_CLI_BASE_URL: running.url,
      AGENT_CLI_ORG: DEMO_ORG_ID,
      AGENT_CLI_TOKEN: running.sandbox.issueToken(),
      AGENT_CLI_CONFIG_DIR: config,
      XDG_STATE_HOME: join(config, 'state'),
    };
    const run = await onTerminal(dir, ['offers', 'email', '--csv', ...argv], env, ownSession);
    pane = run.pane;
    await until(() => running.sandbox.requestCount('POST', '/orgs') >= 2);
    run.pane.stop();
    return { running, dir, config, report, argv, exit: await run.exit() };
  }

  it('during a bulk run: exit 129 with every row reported, no lock or part file, and --resume sends the rest once', async () => {
    const { running, dir, config, report, argv, exit } = await bulkOnTerminal(false);
    // Node's own reset of the terminal at exit aborted the process (SIGABRT) once the terminal was gone.
    expect(exit).toEqual({ code: 129, signal: null });
    const json = JSON.parse(await readFile(report, 'utf8'));
    expect(json.rows).toHaveLength(ROWS);
    expect((await readdir(dir)).filter((name) => /lock|part/.test(name))).toEqual([]);
    const resumed = startBulk(running, config, [...argv, '--resume']);
    expect([0, 3]).toContain(await resumed.exit);
    const inDoubt = new Set(
      json.rows
        .filter((r: { status: string }) => r.status === 'in-doubt')
        .map((r: { email: string }) => r.email),
    );
    const counts = holderEmails(ROWS).map((e) => [e, running.sandbox.deliveries(e)] as const);
    expect(counts.filter(([e, n]) => (inDoubt.has(e) ? n > 1 : n !== 1))).toEqual([]);
  });

  it('under a bulk run that gets no SIGHUP: it sends every row once and exits 3 (its tally could not be written)', async () => {
    const { running, report, exit } = await bulkOnTerminal(true);
    expect(exit).toEqual({ code: 3, signal: null });
    const json = JSON.parse(await readFile(report, 'utf8'));
    expect(json.rows.filter((r: { status: string }) => r.status === 'sent')).toHaveLength(ROWS);
    expect(holderEmails(ROWS).filter((e) => running.sandbox.deliveries(e) !== 1)).toEqual([]);
  });

  it.each([
    ['gets SIGHUP', false],
    ['gets no SIGHUP (a session of its own)', true],
  ])('at the password prompt of login that %s: exit 129, nothing saved', async (_, ownSession) => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const config = join(dir, 'config');
    const env = {
      PATH: process.env['PATH'] ?? '',
      AGENT_CLI_BASE_URL: running.url,
      AGENT_CLI_CONFIG_DIR: config,
    };
    const run = await onTerminal(dir, ['login', '--email', 'issuer@example.com'], env, ownSession);
    pane = run.pane;
    await run.pane.waitFor(/Password/);
    run.pane.stop();
    // It died of an unhandled 'error' (setRawMode EIO), then of Node's own reset of the terminal.
    expect(await run.exit()).toEqual({ code: 129, signal: null });
    expect(existsSync(join(config, 'config.json'))).toBe(false);
  });

  // Attack helper-74: a hang-up ends a terminal's input as Ctrl-D does, so a body typed (or half
  // typed) at `--file -` was sent, then the run exited 129 as if cancelled: run again, sent twice.
  // helper-75: the same through --file /dev/tty (a stream of the CLI's own making) was still sent.
  const whole =
    '{"issuerId":"did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK","name":"hup","version":"1.0.0","attributes":["a"]}';
  it.each([
    ['-', 'a whole body typed, without Ctrl-D', whole],
    ['-', 'half a body', '{"issuerId":'],
    ['/dev/tty', 'a whole body typed, without Ctrl-D', whole],
  ])('at --file %s (%s): exit 129, nothing sent', async (file, _, typed) => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const env = {
      PATH: process.env['PATH'] ?? '',
      AGENT_CLI_BASE_URL: running.url,
      AGENT_CLI_ORG: DEMO_ORG_ID,
      AGENT_CLI_TOKEN: running.sandbox.issueToken(),
      AGENT_CLI_CONFIG_DIR: join(dir, 'config'),
    };
    const run = await onTerminal(dir, ['schemas', 'create', '--file', file], env);
    pane = run.pane;
    await run.running();
    run.pane.type(typed);
    run.pane.keys('Enter');
    await new Promise((resolve) => setTimeout(resolve, 300));
    run.pane.stop();
    expect(await run.exit()).toEqual({ code: 129, signal: null });
    expect(running.sandbox.requestCount('POST')).toBe(0);
  });
});
