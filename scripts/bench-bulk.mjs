// `pnpm bench:bulk` (node scripts/bench-bulk.mjs [--quick] [--record]): bulk e-mail offers.
//
// 1. Throughput: rows per second of `offers.sendByEmailBulk` against the stateful sandbox (in its
//    own process, reset between rounds), next to the plain `fetch` loop of bench-throughput.mjs
//    with the same batching, alternately. Target: SDK ≥ 0.85× the fetch loop.
// 2. The shipped bin, `agent-cli offers email --csv`, on generated CSVs (`email,name,degree`, one
//    holder a row): peak RSS (`process.resourceUsage().maxRSS` at exit, from a preloaded module)
//    and wall time of a `--dry-run` of 10,000, 100,000 and 1,000,000 rows, and of a real run
//    against the sandbox of 10,000 and 100,000 rows, as ratios to the 10,000-row run of the same
//    kind in this run. Target: the 1,000,000-row dry run within 1.2× the peak RSS of the 10,000-row
//    one. A real run of 1,000,000 rows (100,000 requests to a sandbox that keeps every offer) is
//    not measured: `--real-1m` adds it. `--quick` measures 10,000 and 100,000 rows only.
//
// `--record` writes the bin's figures into docs/bench/results.json (`bulk`) and the README's bulk
// table and BENCHMARKS.md from them (scripts/bench-report.mjs). Needs `pnpm build`.
import { fork, spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordBulk } from './bench-report.mjs';
import { formatTable, machine, median, ratioRow } from './bench-stats.mjs';
import { BATCH, CONCURRENCY, fetchRun, sdkRun } from './bench-throughput.mjs';

const sdkUrl = new URL('../packages/sdk/dist/index.js', import.meta.url);
const sandboxUrl = new URL('../packages/sandbox/dist/index.js', import.meta.url);
const BIN = fileURLToPath(new URL('../packages/cli/dist/agent-cli.cjs', import.meta.url));

/** Child process: the sandbox server, reset on request over IPC. */
async function serveSandbox() {
  const { startSandbox, DEMO_ORG_ID } = await import(sandboxUrl);
  const running = await startSandbox({ emailBatchLimit: BATCH });
  const ready = () => ({ url: running.url, org: DEMO_ORG_ID, token: running.sandbox.issueToken() });
  process.on('message', (m) => {
    if (m === 'reset') running.sandbox.reset();
    if (m === 'reset') process.send({ ...ready(), delivered: 0 });
    if (m === 'count') process.send({ delivered: running.sandbox.totalDeliveries() });
    if (m === 'stop') running.close().then(() => process.exit(0));
  });
  process.send(ready());
}

function sandboxProcess() {
  const proc = fork(new URL(import.meta.url), ['--serve'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () => new Promise((resolve) => proc.once('message', resolve));
  const ask = async (m) => {
    proc.send(m);
    return next();
  };
  return { next, ask, stop: () => proc.send('stop') };
}

async function throughput(quick) {
  const { AgentClient } = await import(sdkUrl);
  const server = sandboxProcess();
  let ready = await server.next();
  const count = quick ? 1000 : 3000;
  const times = { sdk: [], fetch: [] };
  const rounds = quick ? 2 : 8;
  const run = (side, r, n) =>
    side === 'sdk'
      ? sdkRun(new AgentClient({ baseUrl: r.url, accessToken: r.token }), n, r.org)
      : fetchRun({ ...r, count: n });
  // Untimed warm-up of both sides, so that neither pays for JIT compilation in its first round.
  for (const side of ['sdk', 'fetch', 'sdk', 'fetch']) {
    ready = await server.ask('reset');
    await run(side, ready, quick ? 500 : 2000);
  }
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 ? ['fetch', 'sdk'] : ['sdk', 'fetch']) {
      ready = await server.ask('reset');
      const started = performance.now();
      await run(side, ready, count);
      times[side].push(performance.now() - started);
      const { delivered } = await server.ask('count');
      if (delivered !== count) throw new Error(`${side}: delivered ${delivered} of ${count}`);
    }
  }
  server.stop();
  const rate = (ms) => (count / ms) * 1000;
  const name = `sendByEmailBulk vs fetch loop against the sandbox, ${count} rows × ${rounds} rounds`;
  const m = { subject: rate(median(times.sdk)), baseline: rate(median(times.fetch)), samples: rounds };
  return ratioRow(name, m, 0.85, 'rows/s', { atLeast: true });
}

/** A CSV of `count` holders in `dir`, written in blocks. */
async function writeCsv(dir, count) {
  const path = join(dir, `holders-${count}.csv`);
  const file = await open(path, 'wx', 0o600);
  await file.write('email,name,degree\n');
  for (let from = 1; from <= count; from += 10_000) {
    const lines = [];
    for (let i = from; i < Math.min(from + 10_000, count + 1); i++)
      lines.push(`holder${i}@example.com,Holder ${i},BSc\n`);
    await file.write(lines.join(''));
  }
  await file.close();
  return path;
}

/** Runs the bin on `csv` and returns its exit code, peak RSS (MB) and wall time (s). */
async function runBin(dir, csv, { dryRun, target }) {
  const rssFile = join(dir, 'rss');
  const preload = join(dir, 'rss.cjs');
  await writeFile(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  const args = ['offers', 'email', '--csv', csv, '--credential-type', 'indy', '--cred-def-id', 'bench'];
  const env = {
    PATH: process.env.PATH,
    AGENT_CLI_CONFIG_DIR: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'state'),
    ...(target
      ? { AGENT_CLI_BASE_URL: target.url, AGENT_CLI_ORG: target.org, AGENT_CLI_TOKEN: target.token }
      : {}),
  };
  const started = performance.now();
  const child = spawn(process.execPath, ['-r', preload, BIN, ...args, ...(dryRun ? ['--dry-run'] : [])], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const code = await new Promise((resolve) => child.once('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`agent-cli exited ${code}: ${stderr}`);
  const rss = Number(await readFile(rssFile, 'utf8')) / 1024;
  await rm(`${csv}.journal.jsonl`, { force: true });
  return { rss, seconds };
}

/** The bin's dry and real runs at each size, as ratios to 10,000 rows. */
async function binRuns({ quick, real1m }) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-bulk-'));
  const server = sandboxProcess();
  await server.next();
  try {
    const dry = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
    const real = real1m ? dry : [10_000, 100_000];
    const csvs = new Map();
    for (const n of dry) csvs.set(n, await writeCsv(dir, n));
    const measured = [];
    for (const [kind, sizes] of [
      ['dry run', dry],
      ['real run', real],
    ]) {
      const figures = new Map();
      for (const n of sizes) {
        const target = kind === 'real run' ? await server.ask('reset') : undefined;
        figures.set(n, await runBin(dir, csvs.get(n), { dryRun: !target, target }));
        if (target) {
          const { delivered } = await server.ask('count');
          if (delivered !== n) throw new Error(`real run of ${n} rows: the sandbox counted ${delivered}`);
        }
        console.log(
          `  ${kind}, ${n.toLocaleString('en-US')} rows: ${figures.get(n).rss.toFixed(1)} MB, ${figures.get(n).seconds.toFixed(1)} s`,
        );
      }
      const base = figures.get(10_000);
      for (const n of sizes.filter((s) => s !== 10_000)) {
        const rows = `${n.toLocaleString('en-US')} vs 10,000 rows`;
        const target = kind === 'dry run' && n === 1_000_000 ? 1.2 : undefined;
        measured.push(
          ratioRow(
            `agent-cli ${kind}, peak RSS, ${rows}`,
            { subject: figures.get(n).rss, baseline: base.rss, samples: 1 },
            target,
            'MB',
          ),
          ratioRow(
            `agent-cli ${kind}, wall time, ${rows}`,
            { subject: figures.get(n).seconds, baseline: base.seconds, samples: 1 },
            undefined,
            's',
          ),
        );
      }
    }
    const notes = real1m
      ? []
      : [
          'A real run of 1,000,000 rows is not measured (100,000 requests to a sandbox that keeps every offer; `--real-1m` adds it).',
        ];
    return { rows: measured, notes };
  } finally {
    server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args[0] === '--serve') await serveSandbox();
else {
  const quick = args.includes('--quick');
  const command = `pnpm bench:bulk${args.length ? ` ${args.join(' ')}` : ''}`;
  console.log(`Machine: ${machine()}\nCommand: ${command} (${new Date().toISOString()})`);
  const row = await throughput(quick);
  const bin = await binRuns({ quick, real1m: args.includes('--real-1m') });
  const rows = [row, ...bin.rows];
  console.log(
    `\n### Bulk e-mail offers (batch ${BATCH}, concurrency ${CONCURRENCY})\n\n${formatTable(rows)}`,
  );
  for (const note of bin.notes) console.log(`\n${note}`);
  const missed = rows.filter((r) => r.pass === false).length;
  console.log(missed ? `${missed} target(s) missed.` : 'All targets met.');
  if (args.includes('--record')) {
    recordBulk({
      machine: machine(),
      command,
      date: new Date().toISOString(),
      quick,
      rows,
      notes: bin.notes,
    });
    console.log('Recorded in docs/bench/results.json (bulk); README.md and BENCHMARKS.md written from it.');
  }
  process.exitCode = missed ? 1 : 0;
}
