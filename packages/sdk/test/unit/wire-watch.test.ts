/**
 * Whether a request reached the socket is learnt from the reports of the `fetch` that sent it. Node's
 * own `fetch` is watched only while it is being called (undici creates its request inside the call),
 * without an AsyncLocalStorage; a `fetch` the caller gave may report after an `await` (the CLI's
 * does) and is followed through its context. A report that is not the watched request's never
 * marks it: "not sent" needs proof.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { channel } from 'node:diagnostics_channel';
import { describe, expect, it, vi } from 'vitest';
import {
  FETCH_REPORTS_IN_CALL,
  unwritten,
  type WireWatch,
  watchedFetch,
} from '../../src/core/transport/wire-watch.js';
import { withoutBuiltins } from '../support/no-builtins.js';

const CREATED = channel('credential-agent:fetch:create');
const WRITTEN = channel('credential-agent:fetch:written');
const failed = () => Promise.reject(new TypeError('fetch failed'));

describe('watchedFetch', () => {
  it("Node's fetch: a request created during the call and never written is unwritten", async () => {
    const watch: WireWatch = { created: false, written: false };
    const fetch = (() => {
      CREATED.publish({ request: {} });
      return failed();
    }) as typeof globalThis.fetch;
    await watchedFetch(fetch, watch, false)('http://127.0.0.1/').catch(() => undefined);
    expect(watch).toEqual({ created: true, written: false });
    expect(unwritten(watch)).toBe(true);
  });

  it("Node's fetch: the write of the request created during the call marks it written", async () => {
    const watch: WireWatch = { created: false, written: false };
    const request = {};
    const fetch = (async () => {
      CREATED.publish({ request });
      await Promise.resolve();
      WRITTEN.publish({ request });
      return failed();
    }) as typeof globalThis.fetch;
    await watchedFetch(fetch, watch, false)('http://127.0.0.1/').catch(() => undefined);
    expect(unwritten(watch)).toBe(false);
  });

  it("Node's fetch: a report after the call returned is not the watched request's (never unwritten)", async () => {
    const watch: WireWatch = { created: false, written: false };
    const fetch = (async () => {
      await Promise.resolve();
      CREATED.publish({ request: {} });
      return failed();
    }) as typeof globalThis.fetch;
    await watchedFetch(fetch, watch, false)('http://127.0.0.1/').catch(() => undefined);
    expect(watch.created).toBe(false);
    expect(unwritten(watch)).toBe(false);
  });

  it('a given fetch reporting after an await is followed through its context', async () => {
    const watch: WireWatch = { created: false, written: false };
    const other: WireWatch = { created: false, written: false };
    const fetch = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      CREATED.publish({ request: {} });
      return failed();
    }) as typeof globalThis.fetch;
    const mine = watchedFetch(fetch, watch, true)('http://127.0.0.1/').catch(() => undefined);
    // A second call in flight at the same time reports on its own watch only.
    const theirs = watchedFetch(fetch, other, true)('http://127.0.0.1/').catch(() => undefined);
    await Promise.all([mine, theirs]);
    expect(unwritten(watch)).toBe(true);
    expect(unwritten(other)).toBe(true);
  });

  describe(`a given fetch that says it reports within its call (${String(FETCH_REPORTS_IN_CALL)})`, () => {
    /** A given fetch that reports its request's creation before its first `await`. */
    const inCall = (request: object, written: boolean) =>
      Object.assign(
        async () => {
          CREATED.publish({ request });
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (written) WRITTEN.publish({ request });
          return failed();
        },
        { [FETCH_REPORTS_IN_CALL]: true },
      ) as unknown as typeof globalThis.fetch;

    it('is watched without an AsyncLocalStorage (no promise hooks for the process)', async () => {
      const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
      try {
        const watch: WireWatch = { created: false, written: false };
        await watchedFetch(inCall({}, false), watch, true)('http://127.0.0.1/').catch(() => undefined);
        expect(run).not.toHaveBeenCalled();
        expect(unwritten(watch)).toBe(true);
      } finally {
        run.mockRestore();
      }
    });

    it('has each report of two calls in flight on its own watch', async () => {
      const mine: WireWatch = { created: false, written: false };
      const theirs: WireWatch = { created: false, written: false };
      await Promise.all([
        watchedFetch(inCall({}, true), mine, true)('http://127.0.0.1/').catch(() => undefined),
        watchedFetch(inCall({}, false), theirs, true)('http://127.0.0.1/').catch(() => undefined),
      ]);
      expect([unwritten(mine), unwritten(theirs)]).toEqual([false, true]);
    });

    it('never has a report made after its first await taken for its request (so never "not sent")', async () => {
      const watch: WireWatch = { created: false, written: false };
      const late = Object.assign(
        async () => {
          await Promise.resolve();
          CREATED.publish({ request: {} });
          return failed();
        },
        { [FETCH_REPORTS_IN_CALL]: true },
      ) as unknown as typeof globalThis.fetch;
      await watchedFetch(late, watch, true)('http://127.0.0.1/').catch(() => undefined);
      expect(unwritten(watch)).toBe(false);
    });

    it('is taken only when the mark is true', async () => {
      const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
      try {
        const fetch = Object.assign(async () => failed(), { [FETCH_REPORTS_IN_CALL]: 'yes' });
        const watch: WireWatch = { created: false, written: false };
        await watchedFetch(
          fetch as unknown as typeof globalThis.fetch,
          watch,
          true,
        )('http://127.0.0.1/').catch(() => undefined);
        expect(run).toHaveBeenCalledTimes(1);
        // A mark that cannot be read is no mark: the call is followed through its context, and sent.
        const guarded = new Proxy(async () => new Response('ok'), {
          get(target, key) {
            if (key === FETCH_REPORTS_IN_CALL) throw new Error('no peeking');
            return Reflect.get(target, key);
          },
        });
        const answer = await watchedFetch(guarded, watch, true)('http://127.0.0.1/');
        expect(await answer.text()).toBe('ok');
        expect(run).toHaveBeenCalledTimes(2);
      } finally {
        run.mockRestore();
      }
    });
  });
});

describe('a runtime whose built-in modules cannot be had', () => {
  it('sends through a given fetch, unwatched, when process.getBuiltinModule throws', () =>
    withoutBuiltins(async () => {
      const fresh = (await import(
        '../../src/core/transport/wire-watch.js'
      )) as typeof import('../../src/core/transport/wire-watch.js');
      const watch: WireWatch = { created: false, written: false };
      const fetch = (async () => new Response('ok')) as typeof globalThis.fetch;
      const answer = await fresh.watchedFetch(fetch, watch, true)('http://127.0.0.1/');
      expect(await answer.text()).toBe('ok');
      expect(fresh.unwritten(watch)).toBe(false);
    }));
});
