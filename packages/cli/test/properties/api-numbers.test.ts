import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../../src/commands/api/fields.js';

describe('agent-cli api -F numbers', () => {
  it('takes back every number JSON prints, as that number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
        const text = JSON.stringify(d);
        expect(fieldsOf([], [`n=${text}`])['n']).toBe(JSON.parse(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses an integer beyond 2^53, naming the field and what would be sent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 80n }), (n) => {
        fc.pre(BigInt(Number(n)) !== n);
        expect(() => fieldsOf([], [`big=${n}`])).toThrow(`-F big: the number ${n} would be sent as`);
      }),
    );
  });
});
