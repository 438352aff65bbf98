/**
 * Whether Node's fetch wrote a request to the socket. Undici (Node's fetch) reports on diagnostics
 * channels when it creates a request and when it writes its headers (HTTP/1.1); an attempt run
 * inside {@link watchWire} learns both. A custom `fetch` may report the same on
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

type Builtins = {
  getBuiltinModule?: (id: string) => unknown;
};

let storage: Storage | null | undefined;
let http2Seen = false;

function tracker(): Storage | null {
  if (storage !== undefined) return storage;
  storage = null;
  const proc = (globalThis as { process?: Builtins }).process;
  const channels = proc?.getBuiltinModule?.('node:diagnostics_channel') as
    | { subscribe(name: string, fn: (message: unknown) => void): void }
    | undefined;
  const hooks = proc?.getBuiltinModule?.('node:async_hooks') as
    | { AsyncLocalStorage: new () => Storage }
    | undefined;
  if (!channels || !hooks) return storage;
  const local = new hooks.AsyncLocalStorage();
  const requests = new WeakMap<object, WireWatch>();
  const created = (message: unknown) => {
    const watch = local.getStore();
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

/** Runs `send` (a fetch) watching whether it writes its request; see {@link WireWatch}. */
export function watchWire<T>(send: () => T): { result: T; watch: WireWatch } {
  const watch: WireWatch = { created: false, written: false };
  const local = tracker();
  return { result: local ? local.run(watch, send) : send(), watch };
}

/** True when the watched request certainly never reached the socket. */
export function unwritten(watch: WireWatch | undefined): boolean {
  return watch?.created === true && !watch.written && !http2Seen;
}
