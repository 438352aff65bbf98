// SDK call overhead: `credentials.list()` returning 1,000 records against a bare `fetch` +
// `JSON.parse` of the same loopback response, sequentially and with 16 calls in flight.
// Uses the built SDK (packages/sdk/dist). Run alone with `node scripts/bench-sdk.mjs`, or as part
// of `pnpm bench`.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { infoRow, median, printSuite, ratioRow, sdkDistUrl, timeOnce } from './bench-stats.mjs';

const RECORDS = 1000;
/** Issue 23: validation included, within 1.3× of `fetch` + `JSON.parse` of the same body. */
const TARGET = 1.3;
const IN_FLIGHT = 16;
const TOKEN = 'bench-token';
const HEADERS = { accept: 'application/json', authorization: `Bearer ${TOKEN}` };

/** A deterministic UUID-shaped id. */
function uuid(n, salt) {
  const hex = ((n + 1) * 2654435761 + salt * 40503).toString(16).padStart(12, '0').slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(0, 3)}-a${hex.slice(3, 6)}-${hex}`;
}

/** A credential exchange record as Credo-based agents return it (about 1 KB of JSON). */
function credentialRecord(n) {
  const at = new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
  const [id, connectionId, threadId] = [uuid(n, 1), uuid(n, 2), uuid(n, 3)];
  const state = ['offer-sent', 'request-received', 'credential-issued', 'done'][n % 4];
  return {
    _tags: { connectionId, credentialIds: [], state, threadId },
    metadata: {
      '_anoncreds/credential': {
        schemaId: 'did:indy:bcovrin:test:L8a3xQ2kM4t5y6Z7/anoncreds/v0/SCHEMA/Employee/1.0.0',
        credentialDefinitionId: 'did:indy:bcovrin:test:L8a3xQ2kM4t5y6Z7/anoncreds/v0/CLAIM_DEF/1042/default',
      },
    },
    credentials: n % 4 === 3 ? [{ credentialRecordType: 'anoncreds', credentialRecordId: uuid(n, 4) }] : [],
    id,
    createdAt: at,
    state,
    connectionId,
    threadId,
    protocolVersion: 'v1',
    credentialAttributes: [
      { 'mime-type': 'text/plain', name: 'name', value: `Employee ${n}` },
      { 'mime-type': 'text/plain', name: 'email', value: `employee${n}@example.com` },
      { 'mime-type': 'text/plain', name: 'department', value: ['Sales', 'Research', 'Operations'][n % 3] },
      { 'mime-type': 'text/plain', name: 'employeeId', value: String(100000 + n) },
    ],
    autoAcceptCredential: 'always',
    updatedAt: at,
    role: 'issuer',
  };
}

/**
 * The same record as a database-backed deployment sends it: every column it has, the empty ones
 * `null` (the spec's "not shown" fields), at the top and in `_tags`.
 */
function recordWithNulls(n) {
  const record = credentialRecord(n);
  return {
    ...record,
    connectionId: n % 2 ? null : record.connectionId,
    parentThreadId: null,
    errorMessage: null,
    autoAcceptCredential: null,
    metadata: n % 4 === 3 ? record.metadata : null,
    _tags: { ...record._tags, connectionId: n % 2 ? null : record.connectionId, role: null },
    credentials: record.credentials.length ? record.credentials : null,
    credentialAttributes: record.credentialAttributes.map((a) => ({ ...a, 'mime-type': null })),
  };
}

/** The loopback service: one fixed JSON array, served from a worker thread. */
function serve() {
  const make = workerData?.nulls ? recordWithNulls : credentialRecord;
  const body = Buffer.from(JSON.stringify(Array.from({ length: RECORDS }, (_, n) => make(n))));
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  // A busy machine can pause a client longer than Node's 5 s default: no idle socket closed under it.
  server.keepAliveTimeout = 120_000;
  server.listen(0, '127.0.0.1', () =>
    parentPort.postMessage({ port: server.address().port, bytes: body.length }),
  );
}

async function startServer(nulls = false) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { nulls } });
  const { port, bytes } = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { url: `http://127.0.0.1:${port}`, bytes, close: () => worker.terminate() };
}

/** `n` calls of `call`, at most `limit` at a time. */
async function pool(n, limit, call) {
  let next = 0;
  const lane = async () => {
    while (next++ < n) await call();
  };
  await Promise.all(Array.from({ length: limit }, lane));
}

function expectRecords(records, who) {
  if (!Array.isArray(records) || records.length !== RECORDS)
    throw new Error(`${who} did not return ${RECORDS} records`);
}

/**
 * The calls each side makes, as a caller writes them: the records are checked and dropped. `sdk`
 * is `credentials.list()`; `bare` is `fetch` + `JSON.parse` of the same URL; `returned` is `bare`
 * with the records given back by an async function; `schema` is `bare` and the SDK's public
 * `CredentialExchangeRecordList.parse` of what it parsed.
 */
async function sideCall(side, url) {
  const get = () => fetch(`${url}/credentials`, { headers: HEADERS });
  // The body is parsed where it is checked, not returned by an async function of its own: a
  // promise made before the answer came is old by then, and the young collections copy what it
  // holds (see docs/performance.md): that would slow the baseline, not only the SDK.
  if (side === 'bare') return async () => expectRecords(JSON.parse(await (await get()).text()), 'fetch');
  if (side === 'returned') {
    // The same, the records given back by an async function: what any API whose promise resolves
    // to the records pays, the floor of `credentials.list()`.
    const records = async () => JSON.parse(await (await get()).text());
    return async () => expectRecords(await records(), 'fetch');
  }
  if (side === 'schema') {
    const { CredentialExchangeRecordList } = await import(new URL('models/index.js', sdkDistUrl()).href);
    return async () =>
      expectRecords(CredentialExchangeRecordList.parse(JSON.parse(await (await get()).text())), 'the schema');
  }
  const { AgentClient } = await import(new URL('index.js', sdkDistUrl()).href);
  const client = new AgentClient({ baseUrl: url, accessToken: TOKEN });
  return async () => expectRecords(await client.credentials.list(), 'the SDK');
}

/**
 * In a child process (`--side <json>`): warms one side up, then prints the per-call time of each
 * sample (`calls` calls, `limit` at a time) as JSON.
 */
async function runSide({ side, url, calls, limit, samples, warmup }) {
  const call = await sideCall(side, url);
  await pool(warmup, limit, call);
  const times = [];
  for (let i = 0; i < samples; i++) times.push((await timeOnce(() => pool(calls, limit, call))) / calls);
  process.stdout.write(`\n${JSON.stringify(times)}\n`);
}

/** How long one side's process may take before the bench gives up on it. */
const SIDE_TIMEOUT_MS = 5 * 60_000;

/**
 * Runs one side in a process of its own (with this process's Node flags); resolves to its
 * per-call sample times, the last line it prints.
 */
function sideTimes(options) {
  return new Promise((resolve, reject) => {
    const args = [...process.execArgv, fileURLToPath(import.meta.url), '--side', JSON.stringify(options)];
    const run = { maxBuffer: 1 << 20, timeout: SIDE_TIMEOUT_MS, killSignal: 'SIGKILL' };
    execFile(process.execPath, args, run, (error, stdout, stderr) => {
      const why = error?.killed ? `took over ${SIDE_TIMEOUT_MS / 1000} s` : stderr || error?.message;
      if (error) return reject(new Error(`the ${options.side} side failed: ${why}`));
      const last = stdout.trim().split('\n').at(-1) ?? '';
      try {
        const times = JSON.parse(last);
        if (!Array.isArray(times) || !times.every(Number.isFinite)) throw new Error('not a list of times');
        resolve(times);
      } catch {
        reject(new Error(`the ${options.side} side printed no times: ${JSON.stringify(last.slice(0, 200))}`));
      }
    });
  });
}

/**
 * Per-call medians of `subject` against `bare` on `url`, one call at a time and (unless `parallel`
 * is false) {@link IN_FLIGHT} at a time. Each side runs in processes of its own, alternately (the
 * order flips every pair): sharing a process, one side's garbage is collected during the other's
 * calls, which flattered the SDK (docs/performance.md).
 */
async function compare(subject, url, quick, { sequential = true, parallel = true } = {}) {
  const pairs = quick ? 2 : 6;
  const measure = async (calls, limit, samples, warmup) => {
    const times = { subject: [], baseline: [] };
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 ? ['baseline', 'subject'] : ['subject', 'baseline'];
      for (const which of order) {
        const side = which === 'subject' ? subject : 'bare';
        times[which].push(...(await sideTimes({ side, url, calls, limit, samples, warmup })));
      }
    }
    return {
      subject: median(times.subject),
      baseline: median(times.baseline),
      samples: times.subject.length,
    };
  };
  return {
    sequential: sequential ? await measure(5, 1, 8, 60) : undefined,
    parallel: parallel ? await measure(IN_FLIGHT * 2, IN_FLIGHT, 4, IN_FLIGHT * 4) : undefined,
  };
}

/** Measures the SDK against a bare fetch; returns table rows. */
export async function benchSdk({ quick = false } = {}) {
  const { CredentialExchangeRecordList } = await import(new URL('models/index.js', sdkDistUrl()).href);
  const server = await startServer();
  const withNulls = await startServer(true);
  try {
    const sdkFigures = await compare('sdk', server.url, quick);
    const nullFigures = await compare('sdk', withNulls.url, quick, { parallel: false });
    const schemaFigures = await compare('schema', server.url, quick);
    const floorFigures = await compare('returned', server.url, quick, { sequential: false });

    const text = await (await fetch(`${server.url}/credentials`, { headers: HEADERS })).text();
    const parsed = JSON.parse(text);
    const zodTimes = [];
    const jsonTimes = [];
    for (let i = 0; i < 5; i++) CredentialExchangeRecordList.parse(JSON.parse(text)); // warm-up
    for (let i = 0; i < (quick ? 10 : 60); i++) {
      jsonTimes.push(await timeOnce(() => JSON.parse(text)));
      zodTimes.push(await timeOnce(() => CredentialExchangeRecordList.parse(parsed)));
    }
    const list = `credentials.list() of ${RECORDS.toLocaleString('en')} records`;
    // A caller's list given to the public schema is zod's alone (left as it was): no fast path.
    const schemaOnly =
      "fetch + JSON.parse + CredentialExchangeRecordList.parse (a caller's list: zod's path), no client";
    const vs = 'vs fetch + JSON.parse';
    return [
      ratioRow(`SDK ${list}, sequential (per call) ${vs}`, sdkFigures.sequential, TARGET),
      ratioRow(`SDK ${list}, ${IN_FLIGHT} in flight (per call) ${vs}`, sdkFigures.parallel, TARGET),
      ratioRow(
        `SDK ${list} with nulls (a database-backed deployment), sequential ${vs}`,
        nullFigures.sequential,
        TARGET,
      ),
      ratioRow(`${schemaOnly}, sequential ${vs}`, schemaFigures.sequential),
      ratioRow(`${schemaOnly}, ${IN_FLIGHT} in flight ${vs}`, schemaFigures.parallel),
      ratioRow(
        `floor: fetch + JSON.parse with the records given back by an async function (what any API resolving a promise to them pays), ${IN_FLIGHT} in flight ${vs}`,
        floorFigures.parallel,
      ),
      infoRow(`JSON.parse of the ${(server.bytes / 1024).toFixed(0)} KB body alone`, median(jsonTimes), 'ms'),
      infoRow(
        `CredentialExchangeRecordList.parse (zod's path) of the ${RECORDS.toLocaleString('en')} parsed records alone`,
        median(zodTimes),
        'ms',
      ),
    ];
  } finally {
    await server.close();
    await withNulls.close();
  }
}

const sideAt = process.argv.indexOf('--side');
if (!isMainThread) serve();
else if (sideAt > 0) await runSide(JSON.parse(process.argv[sideAt + 1]));
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await printSuite('bench-sdk', benchSdk);
}
