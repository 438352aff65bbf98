// SDK call overhead: `credentials.list()` returning 1,000 records against a bare `fetch` +
// `JSON.parse` of the same loopback response, sequentially and with 16 calls in flight.
// Uses the built SDK (packages/sdk/dist). Run alone with `node scripts/bench-sdk.mjs`, or as part
// of `pnpm bench`.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { alternate, formatTable, infoRow, machine, median, ratioRow, timeOnce } from './bench-stats.mjs';

const RECORDS = 1000;
/** Issue 23: validation included, within 1.3× of `fetch` + `JSON.parse` of the same body. */
const TARGET = 1.3;
const IN_FLIGHT = 16;
const TOKEN = 'bench-token';
// BENCH_SDK_DIST measures another build of the SDK (a before/after comparison).
const sdkDist = new URL(process.env.BENCH_SDK_DIST ?? '../packages/sdk/dist/', import.meta.url);

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

/**
 * Per-call medians of `subject` and `baseline`, one call at a time and (unless `parallel` is false)
 * {@link IN_FLIGHT} at a time.
 */
async function compare(subject, baseline, quick, { parallel = true } = {}) {
  const perCall = (m, calls) => ({ ...m, subject: m.subject / calls, baseline: m.baseline / calls });
  const batch = (calls, limit, rounds) =>
    alternate({
      rounds: quick ? Math.ceil(rounds / 5) : rounds,
      subject: () => pool(calls, limit, subject),
      baseline: () => pool(calls, limit, baseline),
    }).then((m) => perCall(m, calls));
  const sequential = await batch(5, 1, 40);
  return { sequential, parallel: parallel ? await batch(IN_FLIGHT * 2, IN_FLIGHT, 16) : undefined };
}

/** `credentials.list()` of a client of `server` and the bare fetch of the same body, both warmed up. */
async function sides(AgentClient, server, quick) {
  const client = new AgentClient({ baseUrl: server.url, accessToken: TOKEN });
  const headers = { accept: 'application/json', authorization: `Bearer ${TOKEN}` };
  const bare = async () => JSON.parse(await (await fetch(`${server.url}/credentials`, { headers })).text());
  const sdk = () => client.credentials.list();
  expectRecords(await bare(), 'fetch');
  expectRecords(await sdk(), 'the SDK');
  await pool(quick ? 20 : 100, 4, async () => {
    await bare();
    await sdk();
  });
  return { bare, sdk, headers };
}

function expectRecords(records, who) {
  if (!Array.isArray(records) || records.length !== RECORDS)
    throw new Error(`${who} did not return ${RECORDS} records`);
}

/** Measures the SDK against a bare fetch; returns table rows. */
export async function benchSdk({ quick = false } = {}) {
  const { AgentClient } = await import(new URL('index.js', sdkDist).href);
  const { CredentialExchangeRecordList } = await import(new URL('models/index.js', sdkDist).href);
  const server = await startServer();
  const withNulls = await startServer(true);
  try {
    const { bare, sdk, headers } = await sides(AgentClient, server, quick);
    const sdkFigures = await compare(sdk, bare, quick);
    const nulls = await sides(AgentClient, withNulls, quick);
    const nullFigures = await compare(nulls.sdk, nulls.bare, quick, { parallel: false });
    const schemaFigures = await compare(
      async () => CredentialExchangeRecordList.parse(await bare()),
      bare,
      quick,
    );

    const text = await (await fetch(`${server.url}/credentials`, { headers })).text();
    const parsed = JSON.parse(text);
    const zodTimes = [];
    const jsonTimes = [];
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

if (!isMainThread) serve();
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchSdk({ quick: process.argv.includes('--quick') });
  console.log(`${machine()}\n\n${formatTable(rows)}`);
}
