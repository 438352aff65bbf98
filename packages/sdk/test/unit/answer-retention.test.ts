/**
 * Issue 23: what an answer keeps alive. The `response` of `.withResponse()` is built when first
 * read, from the status, headers and secrets of the answer; it must not keep the rest of the answer
 * (its parsed body above all) alive. When its getter held the whole answer, on Node 20 and 22 each
 * call's body survived every young collection until the next full one (`node --trace-gc-nvp`:
 * 6–11 MB surviving each scavenge of a `credentials.list()` loop of 1,000 records, against 0.14 MB
 * for a bare fetch), and `list()` spent about a fifth of its time copying them.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { answered } from '../../src/core/api-promise.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Collects garbage until `ref` is cleared (a WeakRef's target lives to the end of the current job). */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5 && ref.deref() !== undefined; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  return ref.deref() === undefined;
}

describe("an answer's response", () => {
  it('does not keep the parsed body of the answer alive, read or not', async () => {
    for (const read of [false, true]) {
      let body: object | undefined = { records: Array.from({ length: 100 }, (_, id) => ({ id })) };
      const ref = new WeakRef(body);
      const headers = new Headers({ 'x-request-id': 'r-1', authorization: 'Bearer t0ken' });
      // As the transport gives it: the answer whole, the body with it (and held by nothing else).
      const kept = answered(
        ['the data'],
        Object.assign({ status: 200, headers, secrets: ['t0ken'] }, { body }),
      );
      if (read) expect(kept.response.requestId).toBe('r-1');
      body = undefined;
      expect(await collected(ref)).toBe(true);
      // What the response needs is still there, redacted as before.
      expect(kept.response.status).toBe(200);
      expect(kept.response.requestId).toBe('r-1');
      expect(kept.response.headers.get('authorization')).not.toContain('t0ken');
      expect(kept.data).toEqual(['the data']);
    }
  });
});
