import { describe, expect, it } from 'vitest';
import { halfBlockQr } from '../../src/presenters/qr.js';

// A real Credo agent's invitation carrying a JSON-LD credential offer is over 2 KB in its
// `didcomm://` link: more than a QR code holds at correction M, within what it holds at L.
describe('halfBlockQr at the edge of what a QR code holds', () => {
  it('falls back to correction L when the text is too long for M', async () => {
    const text = `didcomm://invite?oob=${'a'.repeat(2500)}`;
    const result = await halfBlockQr(text, 250);
    expect('qr' in result && result.qr.length > 0).toBe(true);
  });

  it('says no QR code holds the text, rather than throwing, beyond the largest one', async () => {
    expect(await halfBlockQr('x'.repeat(4000), 250)).toEqual({ needs: undefined });
  });
});
