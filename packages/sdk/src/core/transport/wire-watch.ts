import { nodeBuiltin } from '../node-builtin.js';

/**
 * Whether Node's fetch wrote a request to the socket. Undici (Node's fetch) reports on diagnostics
 * channels when it creates a request and when it writes its headers (HTTP/1.1); an attempt sent
 * through {@link watchedFetch} learns both. A custom `fetch` may report the same on
 * `credential-agent:fetch:create` and `credential-agent:fetch:written` (`{ request }`, any object
 * standing for the request), as the CLI's does. `unwritten` is true only with proof: the request was
 * created and its headers were never written, on a Node whose fetch never spoke HTTP/2 (which does
 * not report the write). Elsewhere (a browser, a custom `fetch`) it stays false: may have been sent.
 */
export interface WireWatch {
  created: boolean;
  written: boolean;
}

interface Storage {
  run<T>(store: WireWatch, fn: () => T): T;
  getStore(): WireWatch | undefined;
}

/**
 * The mark of a given `fetch` that publishes `credential-agent:fetch:create` within its synchronous
 * call, before its first `await` (`Symbol.for('credential-agent:fetch:reports-in-call')`): set it to
 * `true` on the function and its calls are watched as Node's own `fetch` is, without an
 * `AsyncLocalStorage` (which on Node 20 and 22 turns on promise hooks for every promise of the
 * process). A report it makes after an `await` is then not its request's: the request counts as
 * possibly sent. The CLI's `fetch` carries it.
 */
export const FETCH_REPORTS_IN_CALL: unique symbol = Symbol.for('credential-agent:fetch:reports-in-call');

/** Undefined until the channels are subscribed to; false where there are none (a browser). */
let subscribed: boolean | undefined;
/** Made when a given `fetch` without {@link FETCH_REPORTS_IN_CALL} is first called. */
let storage: Storage | null | undefined;
/**
 * The watch of a `fetch` that reports within its call while it is being called: undici creates its
 * request synchronously inside the call (Node 20 to 26), so its report is attributed without
 * running the call in the `AsyncLocalStorage`, which on Node 20 and 22 turns on promise hooks for
 * every promise of the process (a bulk run's promises cost about a fifth more with them).
 */
let calling: WireWatch | undefined;
let http2Seen = false;
const requests = new WeakMap<object, WireWatch>();

/** Subscribes to the channels once; false where there are none (a browser). */
function subscribe(): boolean {
  if (subscribed !== undefined) return subscribed;
  subscribed = false;
  const channels = nodeBuiltin<{ subscribe(name: string, fn: (message: unknown) => void): void }>(
    'node:diagnostics_channel',
  );
  if (typeof channels?.subscribe !== 'function') return subscribed;
  const created = (message: unknown) => {
    const watch = calling ?? storage?.getStore();
    const request = (message as { request?: object }).request;
    if (!watch || !request) return;
    watch.created = true;
    requests.set(request, watch);
  };
  const written = (message: unknown) => {
    const request = (message as { request?: object }).request;
    const watch = request && requests.get(request);
    if (watch) watch.written = true;
  };
  channels.subscribe('undici:request:create', created);
  channels.subscribe('credential-agent:fetch:create', created);
  channels.subscribe('undici:client:sendHeaders', written);
  channels.subscribe('credential-agent:fetch:written', written);
  channels.subscribe('undici:client:connected', (message) => {
    const socket = (message as { socket?: { alpnProtocol?: unknown } }).socket;
    if (socket?.alpnProtocol === 'h2') http2Seen = true;
  });
  subscribed = true;
  return subscribed;
}

/** The context a given `fetch` that may report after an `await` is followed in; null without one. */
function context(): Storage | null {
  if (storage !== undefined) return storage;
  const hooks = nodeBuiltin<{ AsyncLocalStorage: new () => Storage }>('node:async_hooks');
  storage = typeof hooks?.AsyncLocalStorage === 'function' ? new hooks.AsyncLocalStorage() : null;
  return storage;
}

/** Whether `fetch` carries {@link FETCH_REPORTS_IN_CALL} as `true` (a mark that cannot be read is none). */
function reportsInCall(fetch: typeof globalThis.fetch): boolean {
  try {
    return (fetch as { [FETCH_REPORTS_IN_CALL]?: unknown })[FETCH_REPORTS_IN_CALL] === true;
  } catch {
    return false;
  }
}

/**
 * `fetch`, each call watched on `watch` (see {@link WireWatch}): Node's own (`given` false) and a
 * given one marked {@link FETCH_REPORTS_IN_CALL} within the synchronous call, where they report the
 * request they create; any other given `fetch`, which may report after an `await`, in an
 * `AsyncLocalStorage` context.
 */
export function watchedFetch(
  fetch: typeof globalThis.fetch,
  watch: WireWatch,
  given: boolean,
): typeof globalThis.fetch {
  return (input, init) => {
    if (!subscribe()) return fetch(input, init);
    const local = given && !reportsInCall(fetch) && context();
    if (local) return local.run(watch, () => fetch(input, init));
    calling = watch;
    try {
      return fetch(input, init);
    } finally {
      calling = undefined;
    }
  };
}

/** True when the watched request certainly never reached the socket. */
export function unwritten(watch: WireWatch | undefined): boolean {
  return watch?.created === true && !watch.written && !http2Seen;
}
