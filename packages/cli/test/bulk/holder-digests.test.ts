import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HolderDigests } from '../../src/bulk/csv/holder-set.js';

describe('HolderDigests (the first pass keeps 8 bytes a row to find holders named twice)', () => {
  it('finds exactly the digests added more than once, across chunks and lists', () => {
    // Few distinct high bytes and many values fill several 1,024-entry chunks of one list.
    const digest = fc
      .tuple(fc.integer({ min: 0, max: 3 }), fc.bigInt({ min: 0n, max: 3000n }))
      .map(([high, low]) => (BigInt(high) << 56n) | low);
    fc.assert(
      fc.property(fc.array(digest, { maxLength: 5000 }), (ids) => {
        const holders = new HolderDigests();
        for (const id of ids) holders.add(id);
        const twice = new Set(ids.filter((id, i) => ids.indexOf(id) !== i));
        expect(holders.duplicates()).toEqual(twice);
      }),
      { numRuns: 30 },
    );
  });

  it('tells the largest and smallest 64-bit digests apart', () => {
    const holders = new HolderDigests();
    for (const id of [2n ** 64n - 1n, 0n, 2n ** 64n - 1n, 2n ** 63n]) holders.add(id);
    expect(holders.duplicates()).toEqual(new Set([2n ** 64n - 1n]));
  });
});
