/**
 * Whether a request reached the socket is learnt from the reports of the `fetch` that sent it, made
 * within its synchronous call: Node's own `fetch` (undici creates its request inside the call), given
 * or on `globalThis`, and a `fetch` marked FETCH_REPORTS_IN_CALL (the CLI's) are watched while they
 * are being called, without an AsyncLocalStorage; any other `fetch` (a wrapper, a fail-over, another
 * runtime's) is not watched, as its reports and error codes cannot be told from those of other
 * requests it makes. A report that is not the watched request's never marks it: "not sent" needs
 * proof.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { channel } from 'node:diagnostics_channel';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { SOURCE_CONDITION } from '../../../../scripts/source-condition.mjs';
import {
  FETCH_REPORTS_IN_CALL,
  proofOf,
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

/** A fresh watch. */
const fresh = (): WireWatch => ({ created: false, written: false });
/** `fn` as a fetch that carries the mark. */
const marked = (fn: () => Promise<Response>) =>
  Object.assign(fn, { [FETCH_REPORTS_IN_CALL]: true }) as unknown as typeof globalThis.fetch;
/** `fn` as a fetch without the mark. */
const plain = (fn: () => Promise<Response>, extra: object = {}) =>
  Object.assign(fn, extra) as unknown as typeof globalThis.fetch;

/** Runs `fn` with `globalThis.fetch` replaced by `fetch`. */
async function withGlobalFetch<T>(fetch: typeof globalThis.fetch, fn: () => Promise<T>): Promise<T> {
  const node = globalThis.fetch;
  globalThis.fetch = fetch;
  try {
    return await fn();
  } finally {
    globalThis.fetch = node;
  }
}

describe('watchedFetch', () => {
  describe("Node's own fetch", () => {
    it('is watched on globalThis: a request refused before it was written is unwritten', async () => {
      const watch = fresh();
      await watchedFetch(undefined, watch)(await refusing()).catch(() => undefined);
      expect(proofOf(watch)).toBe('unwritten');
    });

    it('is watched when given as the option, as when none is given', async () => {
      const watch = fresh();
      await watchedFetch(globalThis.fetch, watch)(await refusing()).catch(() => undefined);
      expect(proofOf(watch)).toBe('unwritten');
    });

    it('written to a server that reads the request and drops it: watched, written (may have been sent)', async () => {
      const server = createServer((socket) => socket.once('data', () => socket.resetAndDestroy())).listen(
        0,
        '127.0.0.1',
      );
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const watch = fresh();
      await watchedFetch(undefined, watch)(`http://127.0.0.1:${port}/`, { method: 'POST', body: 'x' }).catch(
        () => undefined,
      );
      server.close();
      expect(proofOf(watch)).toBe('watched');
    });
  });

  describe("Node's own fetch through a dispatcher that is not Node's own (helper-66)", () => {
    /** Where Node's `fetch` finds its dispatcher: undici 6 and 7 read key 1, undici 8 key 2. */
    const KEYS = [Symbol.for('undici.globalDispatcher.1'), Symbol.for('undici.globalDispatcher.2')];
    type AgentClass = new (options?: object) => object;

    /**
     * Runs `fn` with Node's global dispatcher (made by a first fetch) replaced by `make(it, Agent)`
     * under every key it is kept at, as undici's `setGlobalDispatcher` does. `Agent` is undici's own
     * class (under key 1 on Node 20 to 24; Node 26 keeps a wrapper there and the Agent under key 2).
     */
    async function withDispatcher(
      make: (node: object, Agent: AgentClass) => object,
      fn: () => Promise<void>,
    ): Promise<void> {
      await globalThis.fetch(await refusing()).catch(() => undefined);
      const global = globalThis as unknown as Record<symbol, object | undefined>;
      const kept = KEYS.map((key) => global[key]);
      const node = kept.find((d) => d?.constructor.name === 'Agent');
      if (!node) throw new Error(`no undici Agent among the global dispatchers of Node ${process.version}`);
      const replacement = make(node, node.constructor as AgentClass);
      for (const key of KEYS) global[key] = replacement;
      try {
        await fn();
      } finally {
        KEYS.forEach((key, i) => {
          global[key] = kept[i];
        });
      }
    }

    it('is not watched when the dispatcher sends again (its dispatch replaced)', async () => {
      // A dispatcher that re-sent a refused request later: the request created within the call was
      // refused, the one written after it was not reported, and the POST went out twice.
      const again = (node: object) =>
        Object.assign(Object.create(node) as object, {
          dispatch: (...args: unknown[]) =>
            (node as { dispatch: (...a: unknown[]) => boolean }).dispatch(...args),
        });
      await withDispatcher(again, async () => {
        const watch = fresh();
        await watchedFetch(undefined, watch)(await refusing()).catch(() => undefined);
        expect(proofOf(watch)).toBe('none');
      });
    });

    it('is not watched when the dispatcher speaks HTTP/2 (whose write undici before 7.2 does not report)', async () => {
      // Asked for at the top, or in `connect`, which undici's pools pass on to theirs (helper-68).
      // Any truthy value: undici's connector offers h2 for it (helper-69).
      const asked = [{ allowH2: true }, { connect: { allowH2: true } }, { connect: { allowH2: 'true' } }];
      for (const options of [...asked, { connect: { allowH2: 1 } }]) {
        await withDispatcher(
          (_node, Agent) => new Agent(options),
          async () => {
            const watch = fresh();
            await watchedFetch(undefined, watch)(await refusing()).catch(() => undefined);
            expect(proofOf(watch), JSON.stringify(options)).toBe('none');
          },
        );
      }
    });

    it("is not watched when its pools are made by a factory of the caller's (a retry added there; helper-67)", async () => {
      // Pools of its own making (an Agent each, as a retry wrapper would hand back).
      const ownFactory = (_node: object, Agent: AgentClass) => new Agent({ factory: () => new Agent() });
      await withDispatcher(ownFactory, async () => {
        const watch = fresh();
        await watchedFetch(undefined, watch)(await refusing()).catch(() => undefined);
        expect(proofOf(watch)).toBe('none');
      });
      // A connector of the caller's (which may negotiate HTTP/2 by ALPN) is not Node's either.
      const connector = (_node: object, Agent: AgentClass) =>
        new Agent({ connect: (_: unknown, done: (error: Error) => void) => done(new Error('no')) });
      await withDispatcher(connector, async () => {
        const watch = fresh();
        const signal = AbortSignal.timeout(1000);
        await watchedFetch(undefined, watch)(await refusing(), { signal }).catch(() => undefined);
        expect(proofOf(watch)).toBe('none');
      });
    });

    it("is not watched through a class of the caller's named Agent that extends undici's (helper-69)", async () => {
      // It sends a refused request again from its own `dispatch`: the request created within the
      // call was refused, the one it sent after was not reported.
      const failover = (_node: object, Base: AgentClass) => {
        const Agent = class extends (Base as new (
          options?: object,
        ) => { dispatch(...a: unknown[]): boolean }) {
          override dispatch(...args: unknown[]) {
            return super.dispatch(...args);
          }
        };
        return new Agent();
      };
      const named = (_node: object, Base: AgentClass) => new (class Agent extends Base {})();
      for (const make of [failover, named]) {
        await withDispatcher(make, async () => {
          const watch = fresh();
          await watchedFetch(undefined, watch)(await refusing()).catch(() => undefined);
          expect(proofOf(watch)).toBe('none');
        });
      }
    });

    it("is not watched while the dispatch of undici's own base class is wrapped (helper-70)", async () => {
      // An instrumentation-style wrapper put on the class Node's Agent extends, after the SDK had
      // found the dispatcher plain: it may send a failed request again.
      await globalThis.fetch(await refusing()).catch(() => undefined);
      const watched = fresh();
      await watchedFetch(undefined, watched)(await refusing()).catch(() => undefined);
      expect(proofOf(watched)).toBe('unwritten');
      const global = globalThis as unknown as Record<symbol, object | undefined>;
      const node = KEYS.map((key) => global[key]).find((d) => d?.constructor.name === 'Agent') as object;
      const base = Object.getPrototypeOf(Object.getPrototypeOf(node)) as {
        dispatch: (...a: unknown[]) => boolean;
      };
      const { dispatch } = base;
      base.dispatch = function (this: unknown, ...args: unknown[]) {
        return dispatch.apply(this, args);
      };
      try {
        const watch = fresh();
        await watchedFetch(undefined, watch)(await refusing()).catch(() => undefined);
        expect(proofOf(watch)).toBe('none');
      } finally {
        base.dispatch = dispatch;
      }
      const again = fresh();
      await watchedFetch(undefined, again)(await refusing()).catch(() => undefined);
      expect(proofOf(again)).toBe('unwritten');
    });

    it("is watched again once Node's own dispatcher is back", async () => {
      await withDispatcher(
        (node) => Object.create(node) as object,
        async () => undefined,
      );
      const watch = fresh();
      await watchedFetch(undefined, watch)(await refusing()).catch(() => undefined);
      expect(proofOf(watch)).toBe('unwritten');
    });
  });

  describe('a fetch put on globalThis by someone else (instrumentation, mocks, fail-over)', () => {
    it('is not watched, whatever Node fetch it calls within its call (helper-65)', async () => {
      // A wrapper that sends a beacon with Node's fetch (refused: created, never written) and
      // then the request by another way: the beacon must not stand for the request.
      const beacon = await refusing();
      const node = globalThis.fetch;
      const wrapper = plain(async () => {
        const sidecar = node(beacon).catch(() => undefined);
        await sidecar;
        return failed();
      });
      const watch = fresh();
      await withGlobalFetch(wrapper, () =>
        watchedFetch(undefined, watch)('http://127.0.0.1/').catch(() => undefined),
      );
      expect(watch.created).toBe(false);
      expect(proofOf(watch)).toBe('none');
    });

    it("is not taken for Node's when bound or proxied", async () => {
      for (const lookalike of [globalThis.fetch.bind(globalThis), new Proxy(globalThis.fetch, {})]) {
        const watch = fresh();
        await watchedFetch(lookalike, watch)(await refusing()).catch(() => undefined);
        expect(proofOf(watch)).toBe('none');
      }
    });
  });

  describe(`a fetch that says it reports within its call (${String(FETCH_REPORTS_IN_CALL)})`, () => {
    /** A marked fetch that reports its request's creation before its first `await`. */
    const inCall = (request: object, written: boolean) =>
      marked(async () => {
        CREATED.publish({ request });
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (written) WRITTEN.publish({ request });
        return failed();
      });

    it('a request created during the call and never written is unwritten, without an AsyncLocalStorage', async () => {
      const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
      try {
        const watch = fresh();
        await watchedFetch(inCall({}, false), watch)('http://127.0.0.1/').catch(() => undefined);
        expect(run).not.toHaveBeenCalled();
        expect(proofOf(watch)).toBe('unwritten');
      } finally {
        run.mockRestore();
      }
    });

    it('has each report of two calls in flight on its own watch', async () => {
      const mine = fresh();
      const theirs = fresh();
      await Promise.all([
        watchedFetch(inCall({}, true), mine)('http://127.0.0.1/').catch(() => undefined),
        watchedFetch(inCall({}, false), theirs)('http://127.0.0.1/').catch(() => undefined),
      ]);
      expect([proofOf(mine), proofOf(theirs)]).toEqual(['watched', 'unwritten']);
    });

    it('never has a report made after its first await taken for its request (so never "not sent")', async () => {
      const watch = fresh();
      const late = marked(async () => {
        await Promise.resolve();
        CREATED.publish({ request: {} });
        return failed();
      });
      await watchedFetch(late, watch)('http://127.0.0.1/').catch(() => undefined);
      expect(proofOf(watch)).toBe('watched');
    });

    it("never has another call's late report taken for its request (helper-64)", async () => {
      // An unmarked fetch awaiting a call of another client, whose (wrongly) marked fetch reported
      // its refused request late, had that report credited to it: its POST was retried.
      const outer = fresh();
      const inner = fresh();
      const late = marked(async () => {
        await Promise.resolve();
        CREATED.publish({ request: {} });
        return failed();
      });
      const nesting = plain(async () => {
        await watchedFetch(late, inner)('http://127.0.0.1/').catch(() => undefined);
        return failed();
      });
      await watchedFetch(nesting, outer)('http://127.0.0.1/').catch(() => undefined);
      expect([proofOf(outer), proofOf(inner)]).toEqual(['none', 'watched']);
    });
  });

  describe('a given fetch without the mark', () => {
    /** A fetch that reports a request of its own, created within its call and never written. */
    const reporting = (extra: object = {}) =>
      plain(async () => {
        CREATED.publish({ request: {} });
        await Promise.resolve();
        return failed();
      }, extra);

    it('is not watched: its reports and codes never make a failure "not sent"', async () => {
      const watch = fresh();
      await watchedFetch(reporting(), watch)('http://127.0.0.1/').catch(() => undefined);
      expect(watch.created).toBe(false);
      expect(proofOf(watch)).toBe('none');
    });

    it('that sends through two transports is never "not sent" (its refused sidecar is not its request; helper-64)', async () => {
      const watch = fresh();
      const sidecar = await refusing();
      const fallback = plain(async () => {
        await globalThis.fetch(sidecar).catch(() => undefined);
        return failed();
      });
      await watchedFetch(fallback, watch)('http://127.0.0.1/').catch(() => undefined);
      expect(proofOf(watch)).toBe('none');
    });

    it('is not taken for marked unless the mark is true, or when it cannot be read', async () => {
      const watch = fresh();
      await watchedFetch(
        reporting({ [FETCH_REPORTS_IN_CALL]: 'yes' }),
        watch,
      )('http://127.0.0.1/').catch(() => undefined);
      expect(proofOf(watch)).toBe('none');
      // A mark that cannot be read is no mark: the call goes out, unwatched.
      const guarded = new Proxy(async () => new Response('ok'), {
        get(target, key) {
          if (key === FETCH_REPORTS_IN_CALL) throw new Error('no peeking');
          return Reflect.get(target, key);
        },
      });
      const answer = await watchedFetch(guarded, watch)('http://127.0.0.1/');
      expect(await answer.text()).toBe('ok');
      expect(proofOf(watch)).toBe('none');
    });

    it('runs no AsyncLocalStorage (no promise hooks for the process)', async () => {
      const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
      try {
        await watchedFetch(reporting(), fresh())('http://127.0.0.1/').catch(() => undefined);
        expect(run).not.toHaveBeenCalled();
      } finally {
        run.mockRestore();
      }
    });
  });
});

describe('reports that are not what undici or a marked fetch send (helper-69)', () => {
  it('throw nothing into the process: no message, null, a request that is not an object', () => {
    // In a process of its own: a subscriber's error is thrown there as an uncaught exception.
    const script = `
      import { channel } from 'node:diagnostics_channel';
      import { AgentClient, FETCH_REPORTS_IN_CALL } from '@credential-agent/sdk';
      for (const name of ['undici:client:connected', 'undici:request:create', 'undici:client:sendHeaders',
        'credential-agent:fetch:create', 'credential-agent:fetch:written'])
        for (const message of [undefined, null, 'text', { request: 'req-1' }, { request: 7 }, { socket: null }, ...odd()])
          channel(name).publish(message);
      // Reports whose reads throw (helper-70): a revoked Proxy, as the report or its request, and getters.
      function odd() {
        const revoked = () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; };
        const throwing = { get() { throw new Error('read'); } };
        return [revoked(), { request: revoked() }, Object.defineProperty({}, 'request', throwing),
          { socket: Object.defineProperty({}, 'alpnProtocol', throwing) }];
      }
      const create = channel('credential-agent:fetch:create');
      const undiciCreate = channel('undici:request:create');
      const fetch = Object.assign(async () => {
        for (const message of odd()) undiciCreate.publish(message);
        create.publish({ request: 'req-1' });
        return new Response('{}', { headers: { 'content-type': 'application/json' } });
      }, { [FETCH_REPORTS_IN_CALL]: true });
      const client = new AgentClient({ baseUrl: 'https://agent.example', accessToken: 't', fetch });
      await client.request({ method: 'POST', path: '/offers', body: { a: 1 } });
      setTimeout(() => console.log('alive'), 20);
    `;
    const child = spawnSync(
      process.execPath,
      [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', cwd: fileURLToPath(new URL('../../../../', import.meta.url)) },
    );
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('alive\n');
    expect(child.status).toBe(0);
  });
});

describe('a runtime whose built-in modules cannot be had', () => {
  it('sends through a given fetch, unwatched, when process.getBuiltinModule throws', () =>
    withoutBuiltins(async () => {
      const loaded = (await import(
        '../../src/core/transport/wire-watch.js'
      )) as typeof import('../../src/core/transport/wire-watch.js');
      const watch: WireWatch = { created: false, written: false };
      const fetch = (async () => new Response('ok')) as typeof globalThis.fetch;
      const answer = await loaded.watchedFetch(fetch, watch)('http://127.0.0.1/');
      expect(await answer.text()).toBe('ok');
      expect(loaded.proofOf(watch)).toBe('none');
    }));
});
