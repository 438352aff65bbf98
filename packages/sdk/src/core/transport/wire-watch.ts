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

/** Undefined until the channels are subscribed to; null where there are none (a browser). */
let storage: Storage | null | undefined;
/**
 * The watch of Node's `fetch` while it is being called: undici creates its request synchronously
 * inside the call (Node 20 to 26), so its report is attributed without running the call in the
 * `AsyncLocalStorage`, which on Node 20 and 22 turns on promise hooks for every promise of the
 * process (a bulk run's promises cost about a fifth more with them).
 */
let calling: WireWatch | undefined;
let http2Seen = false;

/** The context a given `fetch` is followed in, once the channels are subscribed to; null without them. */
function tracker(): Storage | null {
  if (storage !== undefined) return storage;
  storage = null;
  const channels = nodeBuiltin<{ subscribe(name: string, fn: (message: unknown) => void): void }>(
    'node:diagnostics_channel',
  );
  const hooks = nodeBuiltin<{ AsyncLocalStorage: new () => Storage }>('node:async_hooks');
  if (typeof channels?.subscribe !== 'function' || typeof hooks?.AsyncLocalStorage !== 'function')
    return storage;
  // Made, not run: the promise hooks start only with the first `run` (a given fetch).
  const local = new hooks.AsyncLocalStorage();
  const requests = new WeakMap<object, WireWatch>();
  const created = (message: unknown) => {
    const watch = calling ?? local.getStore();
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
  storage = local;
  return storage;
}

/**
 * `fetch`, each call watched on `watch` (see {@link WireWatch}): Node's own (`given` false) within
 * the synchronous call, where undici reports the request it creates; a `fetch` the caller gave
 * (`given` true), which may report after an `await` (the CLI's does), in an `AsyncLocalStorage`
 * context.
 */
export function watchedFetch(
  fetch: typeof globalThis.fetch,
  watch: WireWatch,
  given: boolean,
): typeof globalThis.fetch {
  return (input, init) => {
    const local = tracker();
    if (given && local) return local.run(watch, () => fetch(input, init));
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
