import { describe, expect, it } from 'vitest';
import { normaliseEmail, rowKey } from '../../src/bulk/csv/row-key.js';

const offer = (emailId: string) => ({ emailId, attributes: [{ name: 'name', value: 'Adèle' }] });

// Attack on issue 21, finding 8: an address typed with a composed or a decomposed accent was two
// holders, so the duplicate check and a resume told them apart.
describe('a holder is the normalised e-mail address', () => {
  it('is the same holder whether an accent is composed or decomposed, in any letter case', () => {
    const composed = 'ad\u00e9le@exampl\u00e9.com';
    const decomposed = 'ade\u0301le@example\u0301.com';
    expect(normaliseEmail(decomposed)).toBe(normaliseEmail(composed));
    expect(rowKey(offer(` AD\u00c9LE@Exampl\u00e9.COM `))).toEqual(rowKey(offer(decomposed)));
  });

  it('keeps holders whose addresses differ apart', () => {
    expect(rowKey(offer('adele@example.com')).holder).not.toBe(
      rowKey(offer('ad\u00e9le@example.com')).holder,
    );
  });
});
