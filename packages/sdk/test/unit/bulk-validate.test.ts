import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AgentClient,
  type BulkRow,
  type BulkRowVerdict,
  type BulkValidRow,
  prepareBulkEmail,
  RequestValidationError,
  validateBulkRows,
} from '../../src/index.js';
import { EmailOfferItem } from '../../src/models/index.js';

const ORG = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const INDY = { credentialType: 'indy', protocolVersion: 'v1', credentialDefinitionId: 'cred-def:1' } as const;
const JSONLD = { credentialType: 'jsonld', protocolVersion: 'v2', credentialDefinitionId: 'cd' } as const;
const CREDENTIAL = {
  '@context': ['https://www.w3.org/2018/credentials/v1'],
  type: ['VerifiableCredential'],
  issuer: { id: 'did:key:z6Mk' },
  issuanceDate: '2025-01-01T00:00:00Z',
  credentialSubject: { name: 'Alice' },
};

/** A client whose fetch counts the holders it is asked to e-mail. */
function countingClient() {
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = (await new Request(input, init).json()) as { credentialOffer: { emailId: string }[] };
    sent.push(...body.credentialOffer.map((o) => o.emailId));
    return new Response('{"statusCode":201,"message":"sent","data":true}', {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  };
  const agent = new AgentClient({ baseUrl: 'http://agent.test', accessToken: 't', fetch });
  return { sent, offers: agent.org(ORG).offers };
}

const issuesOf = (v: BulkRowVerdict) => (v.valid ? [] : v.issues.map((i) => `${i.path}: ${i.message}`));

describe('validateBulkRows: the verdicts of a bulk send, without sending', () => {
  it.each([
    [
      'indy',
      INDY,
      { emailId: 'not-an-email', attributes: [{ name: 'n', value: 'v' }] },
      ['offer.emailId: must be an e-mail address'],
    ],
    ['indy', INDY, { emailId: 'a@example.com' }, ['offer.attributes: is required for indy offers']],
    [
      'indy',
      INDY,
      { emailId: 'a@example.com', attributes: [] },
      ['offer.attributes: is required for indy offers'],
    ],
    [
      'indy',
      INDY,
      { emailId: 'a@example.com', attributes: [{ name: '', value: 'v' }] },
      ['offer.attributes[0].name: must not be empty'],
    ],
    [
      'indy',
      INDY,
      { emailId: 'a@example.com', attributes: [{ name: 'n', value: 'v' }], extra: 1 },
      ['offer.extra: is not a known field'],
    ],
    ['jsonld', JSONLD, { emailId: 'a@example.com' }, ['offer.credential: is required for jsonld offers']],
    [
      'jsonld',
      JSONLD,
      { emailId: 'a@example.com', credential: { ...CREDENTIAL, issuer: {} } },
      ['offer.credential.issuer.id: Invalid input: expected string, received undefined'],
    ],
  ])('a bad %s row: %j', (_type, common, offer, expected) => {
    const [verdict] = validateBulkRows(common, [{ row: 'line 7', offer } as BulkRow]);
    expect(verdict).toMatchObject({ valid: false, row: 'line 7', email: offer.emailId });
    expect(verdict && issuesOf(verdict)).toEqual(expected);
    expect(verdict && !verdict.valid && verdict.error).toBeInstanceOf(RequestValidationError);
  });

  it('numbers the rows from 1 when they carry no key, and passes good rows with their checked offer', () => {
    const good = { emailId: 'a@example.com', attributes: [{ name: 'n', value: 'v' }] };
    const verdicts = validateBulkRows(INDY, [{ offer: good }, { offer: { emailId: 'x' } as never }]);
    expect(verdicts.map((v) => [v.row, v.valid])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(verdicts[0]).toMatchObject({ valid: true, offer: good });
  });

  it.each([
    [{ ...INDY, credentialDefinitionId: '' }, 'credentialDefinitionId: must not be empty'],
    [{ ...INDY, comment: '' }, 'comment: must not be empty'],
    [{ ...INDY, credentialOffer: [] }, 'credentialOffer: is not a known field'],
  ])('refuses a bad common body %j, naming the field', (common, issue) => {
    const run = () => validateBulkRows(common as never, []);
    expect(run).toThrow(RequestValidationError);
    expect(run).toThrow(issue);
    expect(() => prepareBulkEmail(common as never)).toThrow(issue);
  });
});

describe('prepareBulkEmail: rows checked once, sent without a second check', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends the valid verdicts of its own check as they are (not checked again), and checks other rows', async () => {
    const bulk = prepareBulkEmail(INDY);
    const rows = [
      { row: 2, offer: { emailId: 'a@example.com', attributes: [{ name: 'n', value: 'v' }] } },
      { row: 3, offer: { emailId: 'b@example.com' } },
    ];
    const good = bulk.check(rows[0] as BulkRow, 1);
    expect(good.valid).toBe(true);
    // Every parse of a row, by a method or zod's functions, runs the schema once.
    const parse = vi.spyOn(EmailOfferItem._zod, 'run');
    const client = countingClient();
    const results = [];
    for await (const r of client.offers.sendByEmailBulk([good as BulkValidRow, rows[1] as BulkRow], bulk))
      results.push(r);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(results.map((r) => [r.row, r.status])).toEqual([
      [3, 'failed'],
      [2, 'sent'],
    ]);
    expect(client.sent).toEqual(['a@example.com']);
  });

  it('checks again a row checked against another common body (its rules may differ)', async () => {
    const indy = prepareBulkEmail(INDY);
    const [verdict] = [
      indy.check({ offer: { emailId: 'a@example.com', attributes: [{ name: 'n', value: 'v' }] } }, 1),
    ];
    const client = countingClient();
    const results = [];
    for await (const r of client.offers.sendByEmailBulk([verdict as BulkRow], { ...JSONLD })) results.push(r);
    expect(results).toMatchObject([{ status: 'failed', error: { issues: [{ path: 'offer.credential' }] } }]);
    expect(client.sent).toEqual([]);
  });

  it('checks a look-alike of a valid verdict (not made by the check) as any row', async () => {
    const bulk = prepareBulkEmail(INDY);
    const forged = { valid: true, row: 1, email: 'x', offer: { emailId: 'x' } } as unknown as BulkRow;
    const client = countingClient();
    const results = [];
    for await (const r of client.offers.sendByEmailBulk([forged], bulk)) results.push(r);
    expect(results).toMatchObject([{ status: 'failed', error: { issues: [{ path: 'offer.emailId' }] } }]);
    expect(client.sent).toEqual([]);
  });
});
