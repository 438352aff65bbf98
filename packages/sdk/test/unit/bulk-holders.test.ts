import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AgentClient,
  type BulkRow,
  normaliseHolderEmail,
  prepareBulkEmail,
  RequestValidationError,
  validateBulkRows,
} from '../../src/index.js';

const ORG = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const INDY = { credentialType: 'indy', protocolVersion: 'v1', credentialDefinitionId: 'cd' } as const;
const row = (emailId: string, value = 'v', key?: string): BulkRow => ({
  ...(key === undefined ? {} : { row: key }),
  offer: { emailId, attributes: [{ name: 'n', value }] },
});

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A loopback server counting, per holder, the e-mails it is asked to send. */
async function countingAgent() {
  const counts: Record<string, number> = {};
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      for (const o of JSON.parse(body).credentialOffer) counts[o.emailId] = (counts[o.emailId] ?? 0) + 1;
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"statusCode":201,"data":true}');
    });
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const agent = new AgentClient({ baseUrl: `http://127.0.0.1:${port}`, accessToken: 't', retry: false });
  return { counts, offers: agent.org(ORG).offers };
}

async function send(rows: BulkRow[]) {
  const { counts, offers } = await countingAgent();
  const results = [];
  for await (const r of offers.sendByEmailBulk(rows, INDY, { batchSize: 2 })) results.push(r);
  return { counts, results };
}

describe('one holder is e-mailed once per run', () => {
  it('refuses a holder seen before (by case, the same address), naming the first row', async () => {
    const { counts, results } = await send([
      row('A@EXAMPLE.COM', 'v', 'line 2'),
      row('a@example.com', 'v', 'line 3'),
      row('b@example.com'),
      row('b@example.com'),
    ]);
    expect(counts).toEqual({ 'A@EXAMPLE.COM': 1, 'b@example.com': 1 });
    const refused = results.filter((r) => r.status === 'failed');
    expect(refused.map((r) => [r.row, r.error?.message])).toEqual([
      ['line 3', 'Invalid request: offer.emailId: is the holder of row line 2: one holder is e-mailed once'],
      [4, 'Invalid request: offer.emailId: is the holder of row 3: one holder is e-mailed once'],
    ]);
    expect(refused.every((r) => r.status === 'failed' && !r.inDoubt && r.batch === undefined)).toBe(true);
  });

  it('sends the same valid verdict given twice once', async () => {
    const bulk = prepareBulkEmail(INDY);
    const verdict = bulk.check(row('c@example.com'), 1);
    const { counts, offers } = await countingAgent();
    const statuses = [];
    for await (const r of offers.sendByEmailBulk([verdict, verdict] as BulkRow[], bulk))
      statuses.push(r.status);
    expect(counts).toEqual({ 'c@example.com': 1 });
    expect(statuses.sort()).toEqual(['failed', 'sent']);
  });

  it('judges the same in validateBulkRows, and a prepared check can be reused for the send', async () => {
    const rows = [row('d@example.com'), row('D@example.com'), row('x@example.com')];
    const verdicts = validateBulkRows(INDY, rows);
    expect(verdicts.map((v) => v.valid)).toEqual([true, false, true]);
    expect(verdicts[1]?.issues?.[0]).toMatchObject({ path: 'offer.emailId', code: 'custom' });
    const bulk = prepareBulkEmail(INDY);
    expect(rows.map((r, i) => bulk.check(r, i + 1).valid)).toEqual([true, true, true]);
    const { counts, offers } = await countingAgent();
    for await (const _ of offers.sendByEmailBulk(rows, bulk));
    expect(counts).toEqual({ 'd@example.com': 1, 'x@example.com': 1 });
  });
});

it('one holder whatever the case or Unicode form of the address (what the CLI compares)', () => {
  expect(normaliseHolderEmail('\u00c9va@Example.COM')).toBe(normaliseHolderEmail('E\u0301va@example.com'));
  expect(normaliseHolderEmail(' a@example.com ')).toBe('a@example.com');
});

describe('attribute values are judged by the SDK as the CLI judges them', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['NUL', 'x\u0000y'],
    ['ESC', 'x\u001b[2Jy'],
    ['bidi U+202E', 'x\u202ey'],
  ])('refuses a %s value, sending nothing', async (_label, value) => {
    const { counts, results } = await send([row('e@example.com', value)]);
    expect(counts).toEqual({});
    expect(results[0]).toMatchObject({ status: 'failed', inDoubt: false });
    const error = results[0]?.error;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toBe('offer.attributes[0].value');
  });

  it('refuses a hidden character in a jsonld credentialSubject value', () => {
    const [verdict] = validateBulkRows({ ...INDY, credentialType: 'jsonld' }, [
      {
        offer: {
          emailId: 'j@example.com',
          credential: {
            '@context': ['https://www.w3.org/2018/credentials/v1'],
            type: ['VerifiableCredential'],
            issuer: { id: 'did:key:z6Mk' },
            issuanceDate: '2025-01-01T00:00:00Z',
            credentialSubject: { name: 'A\u202eB' },
          },
        },
      },
    ]);
    expect(verdict?.issues?.map((i) => i.path)).toEqual(['offer.credential.credentialSubject.name']);
  });

  it('sends an address written with spaces around it trimmed, as the CLI does; padded, it is the same holder', async () => {
    const { counts, results } = await send([row(' f@example.com '), row('F@example.com\t')]);
    expect(counts).toEqual({ 'f@example.com': 1 });
    expect(results.map((r) => `${r.email} ${r.status}`).sort()).toEqual([
      'F@example.com failed',
      'f@example.com sent',
    ]);
  });
});
