import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOffer, resolveMapping } from '../../src/bulk/csv/mapping.js';
import { inShard, parseShard } from '../../src/bulk/csv/shard.js';
import { type CsvRecord, openCsvInput, readCsv } from '../../src/bulk/csv/source.js';
import { toTemplate } from '../../src/bulk/csv/template.js';
import { tempDir } from './support.js';

async function records(text: string): Promise<{ header: string[]; rows: CsvRecord[] }> {
  const path = join(await tempDir(), 'in.csv');
  await writeFile(path, text);
  const input = await openCsvInput(path);
  try {
    const csv = await readCsv(input);
    const rows: CsvRecord[] = [];
    for (let r = await csv.records.next(); !r.done; r = await csv.records.next()) rows.push(r.value);
    return { header: csv.header, rows };
  } finally {
    await input.file.close();
  }
}

const JSONLD = toTemplate(
  {
    credentialType: 'jsonld',
    credentialDefinitionId: 'cd',
    credential: {
      '@context': ['https://www.w3.org/2018/credentials/v1'],
      type: ['VerifiableCredential'],
      issuer: { id: 'did:key:z6Mk' },
      issuanceDate: '2025-01-01T00:00:00Z',
      credentialSubject: { id: 'did:example:holder' },
    },
    options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
  },
  {},
);

describe('CSV reading', () => {
  it('handles a UTF-8 BOM, CRLF line ends, quoted fields and empty lines, numbering rows by line', async () => {
    const { header, rows } = await records(
      '\uFEFFemail,name\r\na@example.com,"Doe, ""Jo"""\r\n\r\nb@example.com,B\r\n',
    );
    expect(header).toEqual(['email', 'name']);
    expect(rows).toEqual([
      { line: 2, index: 0, fields: ['a@example.com', 'Doe, "Jo"'] },
      { line: 4, index: 1, fields: ['b@example.com', 'B'] },
    ]);
  });

  it('is a usage error for an empty file', async () => {
    await expect(records('')).rejects.toThrow('is empty: it needs a header row');
  });
});

describe('column mapping', () => {
  it('finds the emailId column and maps every other column by default', () => {
    const mapping = resolveMapping(['name', 'EmailId', 'degree'], 'indy', {});
    expect(mapping).toEqual({
      email: { name: 'EmailId', column: 1 },
      fields: [
        { name: 'name', column: 0 },
        { name: 'degree', column: 2 },
      ],
    });
  });

  it('puts --subject-columns into the credentialSubject of the template for jsonld', () => {
    const mapping = resolveMapping(['email', 'name', 'degree'], 'jsonld', { subjectColumns: ['degree'] });
    const offer = buildOffer([' x@example.com ', 'Xena', 'MSc'], mapping, JSONLD);
    // The address as written: the SDK judges it (padded, it is refused rather than rewritten).
    expect(offer.emailId).toBe(' x@example.com ');
    expect(offer.credential?.credentialSubject).toEqual({ id: 'did:example:holder', degree: 'MSc' });
    expect(offer.options).toEqual({ proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' });
  });

  it('refuses --attr-columns for jsonld and a missing e-mail column', () => {
    expect(() => resolveMapping(['email'], 'jsonld', { attrColumns: ['a'] })).toThrow(
      '--attr-columns applies to indy offers; use --subject-columns for jsonld',
    );
    expect(() => resolveMapping(['mail', 'name'], 'indy', {})).toThrow(
      'no e-mail column: name it with --email-column (columns: mail, name)',
    );
  });

  it('names at most 20 columns, each cut where no column name goes on', () => {
    const header = Array.from({ length: 25 }, (_, i) => `c${i}`);
    expect(() => resolveMapping(header, 'indy', {})).toThrow(
      `(columns: ${header.slice(0, 20).join(', ')} and 5 more)`,
    );
    expect(() => resolveMapping(['K=secret', 'K=secret'], 'indy', {})).toThrow(
      /^the CSV header repeats column\(s\) K…$/,
    );
  });

  it('refuses a jsonld template without a credential, naming the field', () => {
    expect(() => toTemplate({ credentialType: 'jsonld', credentialDefinitionId: 'cd' }, {})).toThrow(
      'template: a jsonld offer needs "credential"',
    );
  });
});

describe('shards', () => {
  it('assigns each holder to exactly one shard by the digest of the address, whatever its position', () => {
    const shards = [parseShard('1/3'), parseShard('2/3'), parseShard('3/3')];
    const holders = Array.from({ length: 60 }, (_, i) => ({ hi: i * 2_654_435_761 }));
    for (const h of holders) expect(shards.filter((s) => inShard(s, h))).toHaveLength(1);
    expect(new Set(holders.map((h) => shards.findIndex((s) => inShard(s, h)))).size).toBe(3);
    expect(() => parseShard('0/3')).toThrow('--shard must look like i/n');
  });
});
