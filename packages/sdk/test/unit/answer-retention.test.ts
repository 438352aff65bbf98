/**
 * Issue 23: what an answer keeps alive. The `response` of `.withResponse()` is built when first
 * read, from the status, headers and secrets of the answer; it must not keep the rest of the answer
 * (its parsed body above all) alive. When its getter held the whole answer, on Node 20 and 22 each
 * call's body survived every young collection until the next full one (`node --trace-gc-nvp`:
 * 6–11 MB surviving each scavenge of a `credentials.list()` loop of 1,000 records, against 0.14 MB
 * for a bare fetch), and `list()` spent about a fifth of its time copying them.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

/** What survives the young collections of the child's loop (`mode`): the average and the largest, in MB. */
function survivors(mode: 'none' | 'answer' | 'error'): {
  scavenges: number;
  average: number;
  largest: number;
} {
  const child = fileURLToPath(new URL('../support/gc-survival-child.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--trace-gc-nvp', '--import', 'tsx', child, mode], {
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  // `gc=s … new_space_survived=N` up to Node 24; JSON (`"gc":"s", … "new_space_survived":N`) on 26.
  const scavenges = /"?gc"?[=:]"?s"?[ ,].*?"?new_space_survived"?[=:](\d+)/g;
  const survived = [...run.stdout.matchAll(scavenges)].map((m) => Number(m[1]) / 2 ** 20);
  const average = survived.reduce((a, b) => a + b, 0) / survived.length;
  return { scavenges: survived.length, average, largest: Math.max(...survived) };
}

// A getter made for each object is held by an accessor pair, which V8 always allocates in the old
// generation: what the getter holds is then alive for every young collection, until a full one.
// So on every Node line from 20 to 26 (helper-54 measured caught errors on 24 and 26 as well).
describe('what a call made of its answer, once dropped, leaves to the young collections', () => {
  it('the control: a loop of 1.3 MB bodies, each dropped, leaves little alive', () => {
    const control = survivors('none');
    expect(control.scavenges).toBeGreaterThanOrEqual(5);
    expect(control.average).toBeLessThan(1);
  });

  it.each(['answer', 'error'] as const)('the same bodies as %s values leave as little', (mode) => {
    const { scavenges, average, largest } = survivors(mode);
    expect(scavenges).toBeGreaterThanOrEqual(5);
    // Before: 2.5-6.6 MB on average, up to 13 MB (ten bodies at once).
    expect(average).toBeLessThan(1);
    expect(largest).toBeLessThan(3);
  });
});
