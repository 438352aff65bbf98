import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namedSecrets, REDACTED, scrub } from '../../src/core/redact.js';

/** Does `text`, or any base64 / base64url run in it decoded from its start, still hold `secret`? */
function holds(text: string, secret: string): boolean {
  if (text.includes(secret)) return true;
  return [...text.matchAll(/[A-Za-z0-9+/_-]+/g)].some(([run]) =>
    ['base64', 'base64url'].some((enc) =>
      Buffer.from(run, enc as BufferEncoding)
        .toString('utf8')
        .includes(secret),
    ),
  );
}

describe('a secret inside a longer encoded text', () => {
  it('user:password in Basic auth is scrubbed', () => {
    const header = `Basic ${Buffer.from('issuer@example.com:Corr3ct-Horse').toString('base64')}`;
    const out = scrub(header, ['Corr3ct-Horse']);
    expect(out).toContain(REDACTED);
    expect(holds(out, 'Corr3ct-Horse')).toBe(false);
  });

  it('is scrubbed at every byte offset, in base64 and base64url (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 6, maxLength: 40 }).filter((s) => s.trim().length >= 6),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        fc.constantFrom<BufferEncoding>('base64', 'base64url'),
        (secret, before, after, encoding) => {
          const blob = Buffer.from(`${before}${secret}${after}`).toString(encoding);
          const out = scrub(`echo ${blob} end`, [secret]);
          expect(out).toContain(REDACTED);
          expect(holds(out, secret)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('secret-named fields a caller adds', () => {
  it('x-api-key, Authorization (with and without its scheme) and api_key are secrets; others are not', () => {
    expect(
      namedSecrets({
        'x-api-key': 'k-1234',
        authorization: 'Bearer jwt-5678',
        'x-request-id': 'r-1',
        api_key: 'q-9',
      }),
    ).toEqual(expect.arrayContaining(['k-1234', 'Bearer jwt-5678', 'jwt-5678', 'q-9']));
    expect(namedSecrets({ 'x-request-id': 'r-1', state: 'done' })).toEqual([]);
  });
});
