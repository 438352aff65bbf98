// `pnpm bench:bulk` (node scripts/bench-bulk.mjs [--quick]): bulk e-mail offers.
//
// 1. Throughput: rows per second of `offers.sendByEmailBulk` against the sandbox server on
//    loopback, next to a plain `fetch` loop with the same batch size (10) and concurrency (4), run
//    alternately in one process; the sandbox (in its own process) is reset between rounds so its
//    growing state does not favour either side. Target: SDK ≥ 0.85× the fetch loop.
// 2. Memory: peak RSS (`process.resourceUsage().maxRSS`) of a child process that streams 10,000
//    and then 100,000 generated rows through `sendByEmailBulk`, and its heap after a full GC at the
//    end (what the run retained). The children run with --max-old-space-size=64: without a cap V8
//    grows the heap lazily under allocation pressure, so peak RSS would measure GC timing rather
//    than what is kept; with it, a run that kept its rows would fail with out-of-memory. The server
//    is a stub answering 201 at once (the sandbox keeps every offer, which only slows the run; the
//    figure is the client's). Target: 100,000 rows ≤ 1.2× the peak RSS of 10,000.
//
// Uses the built packages (`pnpm build`): packages/sdk/dist and packages/sandbox/dist.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { formatTable, machine, median, ratioRow } from './bench-stats.mjs';

const sdkUrl = new URL('../packages/sdk/dist/index.js', import.meta.url);
const sandboxUrl = new URL('../packages/sandbox/dist/index.js', import.meta.url);
const BATCH = 10;
const CONCURRENCY = 4;
const COMMON = {
  credentialType: 'indy',
  protocolVersion: 'v1',
  credentialDefinitionId: 'bench:cred-def',
  comment: '',
};

/** Holder rows, generated one at a time (nothing is kept). */
function* rows(count) {
  for (let i = 0; i < count; i++) {
    const offer = { emailId: `holder${i}@example.com`, attributes: [{ name: 'name', value: `Holder ${i}` }] };
    yield { row: i + 2, offer };
  }
}

async function sdkRun({ url, token, org, count }) {
  const { AgentClient } = await import(sdkUrl);
  const agent = new AgentClient({ baseUrl: url, accessToken: token });
  let sent = 0;
  const options = { batchSize: BATCH, concurrency: CONCURRENCY };
  for await (const r of agent.org(org).offers.sendByEmailBulk(rows(count), COMMON, options)) {
    if (r.status === 'sent') sent++;
  }
  return sent;
}

async function fetchRun({ url, token, org, count }) {
  const source = rows(count);
  const endpoint = `${url}/orgs/${org}/credentials/oob/email?credentialType=indy`;
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  let sent = 0;
  const lane = async () => {
    for (;;) {
      const batch = [];
      for (
        let next = source.next();
        !next.done;
        next = batch.length < BATCH ? source.next() : { done: true }
      ) {
        batch.push(next.value.offer);
      }
      if (!batch.length) return;
      const res = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...COMMON, credentialOffer: batch }),
      });
      await res.json();
      if (res.ok) sent += batch.length;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return sent;
}

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

/** Child process: streams `count` rows through the SDK and reports its peak memory. */
async function measureMemory(url, count) {
  const sent = await sdkRun({
    url,
    token: 'bench-token',
    org: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    count,
  });
  globalThis.gc();
  process.send({
    sent,
    maxRssKb: process.resourceUsage().maxRSS,
    retainedHeap: process.memoryUsage().heapUsed,
  });
}

function child(args, execArgv = []) {
  const stdio = ['ignore', 'inherit', 'inherit', 'ipc'];
  const proc = fork(new URL(import.meta.url), args, { stdio, execArgv });
  const next = () => new Promise((resolve) => proc.once('message', resolve));
  return { proc, next };
}

async function throughput(quick) {
  const server = child(['--serve']);
  let ready = await server.next();
  const count = quick ? 1000 : 3000;
  const times = { sdk: [], fetch: [] };
  const rounds = quick ? 2 : 8;
  // Untimed warm-up of both sides, so that neither pays for JIT compilation in its first round.
  for (const run of [sdkRun, fetchRun, sdkRun, fetchRun]) {
    server.proc.send('reset');
    ready = await server.next();
    await run({ ...ready, count: quick ? 500 : 2000 });
  }
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 ? ['fetch', 'sdk'] : ['sdk', 'fetch']) {
      server.proc.send('reset');
      ready = await server.next();
      const started = performance.now();
      const sent = await (side === 'sdk' ? sdkRun : fetchRun)({ ...ready, count });
      times[side].push(performance.now() - started);
      server.proc.send('count');
      const { delivered } = await server.next();
      if (sent !== count || delivered !== count)
        throw new Error(`${side}: sent ${sent}, delivered ${delivered} of ${count}`);
    }
  }
  server.proc.send('stop');
  const rate = (ms) => (count / ms) * 1000;
  const sdk = rate(median(times.sdk));
  const plain = rate(median(times.fetch));
  // Higher is better here, so the target (≥ 0.85×) is checked by hand rather than by ratioRow.
  const name = `sendByEmailBulk vs fetch loop, ${count} rows × ${rounds} rounds (target ≥ 0.85×)`;
  const row = { ...ratioRow(name, { subject: sdk, baseline: plain, samples: rounds }, undefined, 'rows/s') };
  return { row: { ...row, pass: sdk / plain >= 0.85 }, sdk, plain };
}

async function memory() {
  const stub = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"statusCode":201,"message":"Out-of-band credential offers sent by e-mail","data":true}');
    });
  });
  await new Promise((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${stub.address().port}`;
  const results = {};
  for (const count of [10_000, 100_000]) {
    const run = child(['--memory', url, String(count)], ['--max-old-space-size=64', '--expose-gc']);
    results[count] = await run.next();
    if (results[count].sent !== count) throw new Error(`memory run sent ${results[count].sent} of ${count}`);
  }
  stub.close();
  const mb = (kb) => kb / 1024;
  const rss = { subject: mb(results[100_000].maxRssKb), baseline: mb(results[10_000].maxRssKb), samples: 1 };
  const heap = (n) => results[n].retainedHeap / 2 ** 20;
  const retained = { subject: heap(100_000), baseline: heap(10_000), samples: 1 };
  return [
    ratioRow('peak RSS, 100,000 vs 10,000 rows', rss, 1.2, 'MB'),
    ratioRow('heap kept after the run, 100,000 vs 10,000 rows', retained, undefined, 'MB'),
  ];
}

const args = process.argv.slice(2);
if (args[0] === '--serve') await serveSandbox();
else if (args[0] === '--memory') await measureMemory(args[1], Number(args[2]));
else {
  const quick = args.includes('--quick');
  console.log(`Machine: ${machine()}`);
  console.log(
    `Command: pnpm bench:bulk${args.length ? ` ${args.join(' ')}` : ''} (${new Date().toISOString()})`,
  );
  const { row, sdk, plain } = await throughput(quick);
  const rows = [row, ...(await memory())];
  console.log(
    `\n### Bulk e-mail offers (batch ${BATCH}, concurrency ${CONCURRENCY})\n\n${formatTable(rows)}`,
  );
  console.log(`\nSDK throughput: ${(sdk / plain).toFixed(2)}× the plain fetch loop (target ≥ 0.85×).`);
  const missed = rows.filter((r) => r.pass === false).length;
  console.log(missed ? `${missed} target(s) missed.` : 'All targets met.');
  process.exitCode = missed ? 1 : 0;
}
