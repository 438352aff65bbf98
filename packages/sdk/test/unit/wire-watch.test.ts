/**
 * Whether a request reached the socket is learnt from the reports of the `fetch` that sent it, made
 * within its synchronous call: Node's own `fetch` (undici creates its request inside the call) and a
 * given `fetch` marked FETCH_REPORTS_IN_CALL (the CLI's) are watched while they are being called,
 * without an AsyncLocalStorage; any other given `fetch` is not watched, as its reports cannot be
 * told from those of other requests it makes. A report that is not the watched request's never
 * marks it: "not sent" needs proof.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { channel } from 'node:diagnostics_channel';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
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

/** The URL of a loopback port nothing listens on (a connection to it is refused). */
async function refusing(): Promise<string> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}/`;
}

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

  describe('a given fetch without the mark', () => {
    /** A given fetch that reports a request of its own, created within its call and never written. */
    const reporting = (extra: object = {}) =>
      Object.assign(async () => {
        CREATED.publish({ request: {} });
        await Promise.resolve();
        return failed();
      }, extra) as unknown as typeof globalThis.fetch;

    it('is not watched: its reports never make a failure "not sent"', async () => {
      const watch: WireWatch = { created: false, written: false };
      await watchedFetch(reporting(), watch, true)('http://127.0.0.1/').catch(() => undefined);
      expect(watch.created).toBe(false);
      expect(unwritten(watch)).toBe(false);
    });

    it('that sends through two transports is never "not sent" (its refused sidecar is not its request)', async () => {
      // helper-64: a fetch trying a sidecar with Node's fetch (refused: created, never written) and
      // then sending with node:http, which reports nothing, had its POST retried as never sent.
      const watch: WireWatch = { created: false, written: false };
      const sidecar = await refusing();
      const fallback = (async () => {
        await globalThis.fetch(sidecar).catch(() => undefined);
        return failed();
      }) as typeof globalThis.fetch;
      await watchedFetch(fallback, watch, true)('http://127.0.0.1/').catch(() => undefined);
      expect(unwritten(watch)).toBe(false);
    });

    it("never has another call's late report taken for its request", async () => {
      // helper-64: an unmarked fetch awaiting a call of another client, whose (wrongly) marked fetch
      // reported its refused request late, had that report credited to it: its POST, which had
      // arrived, was retried as never sent.
      const outer: WireWatch = { created: false, written: false };
      const inner: WireWatch = { created: false, written: false };
      const late = Object.assign(
        async () => {
          await Promise.resolve();
          CREATED.publish({ request: {} });
          return failed();
        },
        { [FETCH_REPORTS_IN_CALL]: true },
      ) as unknown as typeof globalThis.fetch;
      const nesting = (async () => {
        await watchedFetch(late, inner, true)('http://127.0.0.1/').catch(() => undefined);
        return failed();
      }) as typeof globalThis.fetch;
      await watchedFetch(nesting, outer, true)('http://127.0.0.1/').catch(() => undefined);
      expect([unwritten(outer), unwritten(inner)]).toEqual([false, false]);
    });

    it('is not taken for marked unless the mark is true, or when it cannot be read', async () => {
      const watch: WireWatch = { created: false, written: false };
      await watchedFetch(
        reporting({ [FETCH_REPORTS_IN_CALL]: 'yes' }),
        watch,
        true,
      )('http://127.0.0.1/').catch(() => undefined);
      expect(watch.created).toBe(false);
      // A mark that cannot be read is no mark: the call goes out, unwatched.
      const guarded = new Proxy(async () => new Response('ok'), {
        get(target, key) {
          if (key === FETCH_REPORTS_IN_CALL) throw new Error('no peeking');
          return Reflect.get(target, key);
        },
      });
      const answer = await watchedFetch(guarded, watch, true)('http://127.0.0.1/');
      expect(await answer.text()).toBe('ok');
      expect(watch.created).toBe(false);
    });

    it('runs no AsyncLocalStorage (no promise hooks for the process)', async () => {
      const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
      try {
        await watchedFetch(
          reporting(),
          { created: false, written: false },
          true,
        )('http://127.0.0.1/').catch(() => undefined);
        expect(run).not.toHaveBeenCalled();
      } finally {
        run.mockRestore();
      }
    });
  });

  it("Node's own fetch given as the option is watched within its call, as when none is given", async () => {
    const watch: WireWatch = { created: false, written: false };
    // A port nothing listens on: undici creates the request within the call, and never writes it.
    await watchedFetch(globalThis.fetch, watch, true)(await refusing()).catch(() => undefined);
    expect(unwritten(watch)).toBe(true);
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
