import { nodeBuiltin } from '../node-builtin.js';

/**
 * Whether a request was written to the socket, learnt from the reports of the `fetch` that sent it,
 * on diagnostics channels: undici (Node's fetch) reports when it creates a request and when it
 * writes its headers (HTTP/1.1), and a `fetch` marked {@link FETCH_REPORTS_IN_CALL} reports the same
 * on `credential-agent:fetch:create` and `credential-agent:fetch:written` (`{ request }`, any object
 * standing for the request), as the CLI's does. A report counts only when it is made within the
 * synchronous call of the `fetch` an attempt made. `unwritten` is true only with proof: the request
 * was created (by Node's own undici, or reported by a marked `fetch`) and its headers were never
 * written, on a Node whose undici reports the write over every protocol it has spoken (before 7.2
 * it does not over HTTP/2). Elsewhere (a browser, any `fetch` that is neither Node's own nor marked,
 * on `globalThis` or given) it stays false: may have been sent.
 */
export interface WireWatch {
  created: boolean;
  written: boolean;
  /** Whether the attempt's `fetch` was watched: Node's own or a marked one (see {@link watchedFetch}). */
  watched?: boolean;
}

/**
 * What an attempt's failure may claim of its request: `none` (an unwatched `fetch`, whose reports
 * and error codes may be of another request it made: the request may have been sent), `watched`
 * (the codes of a failure before the connection, such as ECONNREFUSED, say "not sent"), `unwritten`
 * (watched, and created but never written: not sent).
 */
export type SendProof = 'none' | 'watched' | 'unwritten';

/**
 * The mark of a `fetch` given to the SDK whose reports can be trusted to say that a request was
 * never sent: set `[FETCH_REPORTS_IN_CALL]: true` on the function to promise that, for every request
 * it sends, it publishes `{ request }` on `credential-agent:fetch:create` within its synchronous
 * call (before its first `await`) and on `credential-agent:fetch:written` before it writes any byte
 * of it (`Symbol.for('credential-agent:fetch:reports-in-call')`). A failed request that was created
 * and never written is then "not sent" (`ConnectionError.sent === false`), and retried even when it
 * is a POST, as is one that failed before the connection (a refused connection, a failed TLS
 * handshake). A `fetch` without the mark that is not Node's own is not watched: any of its failures
 * may have been sent, whatever its error code, since its reports and codes cannot be told from
 * those of other requests it makes (a fallback transport, a call of another client inside it). The
 * CLI's `fetch` carries it.
 */
export const FETCH_REPORTS_IN_CALL: unique symbol = Symbol.for('credential-agent:fetch:reports-in-call');

/** The function last found to be Node's own `fetch` (see {@link isNodeFetch}). */
let nodeFetch: unknown;
/**
 * The watch of the `fetch` being called, for the length of its synchronous call: undici creates its
 * request there (Node 20 to 26), as a marked `fetch` promises to. Nothing else attributes a report,
 * so a report made after an `await` is no request's, and no run of the process pays for promise
 * hooks (an `AsyncLocalStorage`, which on Node 20 and 22 slows every promise).
 */
let calling: WireWatch | undefined;
/**
 * Whether Node's own undici has spoken HTTP/2 in this process where it does not report the write
 * of a request's headers over HTTP/2: before 7.2 (Node 20 and 22). From 7.2 it reports them as over
 * HTTP/1.1 (`undici:client:sendHeaders`, before the stream is opened), so its HTTP/2 connections
 * (Node 26's `fetch` speaks HTTP/2 by default) take nothing away from the proof.
 */
let http2Seen = false;
/** Whether Node's own undici reports an HTTP/2 request's write (7.2 and later); false when unknown. */
const http2WritesReported = (() => {
  const [major = 0, minor = 0] = String(globalThis.process?.versions?.['undici'] ?? '')
    .split('.')
    .map(Number);
  return major > 7 || (major === 7 && minor >= 2);
})();
/** A frame of Node's own undici (Node 20 to 26) in a stack. */
const NODE_UNDICI_FRAME = /[( ]node:internal\/deps\/undici\/undici:\d/;
/** The classes of the requests undici made, by whether they are Node's own undici's. */
const nodeRequestClasses = new WeakMap<object, boolean>();

/**
 * Whether the report `subscriber` is handling was published by Node's own undici, told by the
 * first frame below the channel's on the stack; undefined when the stack cannot be read (an
 * `Error.stackTraceLimit` of 0 or 1, an `Error.prepareStackTrace` that gives no frames).
 */
function publishedByNodeUndici(subscriber: (message: unknown) => void): boolean | undefined {
  const holder: { stack?: unknown } = {};
  let stack: string;
  try {
    (Error as { captureStackTrace?: (holder: object, above: unknown) => void }).captureStackTrace?.(
      holder,
      subscriber,
    );
    // Formatted here, by whatever `Error.prepareStackTrace` the process has (which may throw).
    stack = String(holder.stack);
  } catch {
    return undefined;
  }
  const publisher = stack
    .split('\n')
    .slice(1)
    .find((frame) => !frame.includes('node:diagnostics_channel'));
  return publisher === undefined ? undefined : NODE_UNDICI_FRAME.test(publisher);
}

/**
 * Whether `request` was made by Node's own undici (its class, told once by the stack of the report
 * `subscriber` handles). An undici installed from npm publishes on the same channels, through a
 * dispatcher that may pass for Node's own, and may not report its writes (undici 6 over HTTP/2,
 * whatever `process.versions.undici` says, even over a session opened before the SDK was loaded:
 * helper-68, helper-69). False when the stack cannot be read.
 */
function madeByNodeUndici(request: object, subscriber: (message: unknown) => void): boolean {
  const made = (request as { constructor?: unknown }).constructor;
  if (typeof made !== 'function') return false;
  let own = nodeRequestClasses.get(made);
  if (own === undefined) {
    own = publishedByNodeUndici(subscriber);
    if (own === undefined) return false;
    nodeRequestClasses.set(made, own);
  }
  return own;
}

/** The `request` of a report, when it is an object (a report of anyone's may be anything). */
function requestOf(message: unknown): object | undefined {
  const request = (message as { request?: unknown } | null | undefined)?.request;
  return typeof request === 'object' && request !== null ? request : undefined;
}

const requests = new WeakMap<object, WireWatch>();

/** Subscribes to the channels; false where there are none (a browser). */
function subscribe(): boolean {
  type Channels = { subscribe(name: string, fn: (message: unknown) => void): void };
  const channels = nodeBuiltin<Channels>('node:diagnostics_channel');
  if (typeof channels?.subscribe !== 'function') return false;
  const found = channels as Channels;
  /** Subscribes `handle` to `name`; a report whose reads throw (a revoked Proxy, a getter) is no one's. */
  const on = (name: string, handle: (message: unknown, subscriber: (message: unknown) => void) => void) => {
    const subscriber = (message: unknown) => {
      try {
        handle(message, subscriber);
      } catch {
        // Never thrown into the process, where the channel would make it an uncaught exception.
      }
    };
    found.subscribe(name, subscriber);
  };
  const watch = (request: object) => {
    if (!calling) return;
    requests.set(request, calling);
    calling.created = true;
  };
  on('credential-agent:fetch:create', (message) => {
    const request = requestOf(message);
    if (request) watch(request);
  });
  on('undici:request:create', (message, subscriber) => {
    const request = requestOf(message);
    if (calling && request && madeByNodeUndici(request, subscriber)) watch(request);
  });
  const written = (message: unknown) => {
    const request = requestOf(message);
    const watched = request && requests.get(request);
    if (watched) watched.written = true;
  };
  on('undici:client:sendHeaders', written);
  on('credential-agent:fetch:written', written);
  on('undici:client:connected', (message) => {
    const socket = (message as { socket?: { alpnProtocol?: unknown } | null } | null | undefined)?.socket;
    if (socket?.alpnProtocol === 'h2' && !http2WritesReported) http2Seen = true;
  });
  return true;
}

/**
 * Whether `fetch` is Node's own, told by its source text, which loads undici from Node's internals
 * (Node 20 to 26): a function of anyone else's (a wrapper put on `globalThis.fetch` by
 * instrumentation, a mocking library or fail-over code; a bound or proxied `fetch`; another
 * runtime's) is not, whenever it was put there.
 */
function isNodeFetch(fetch: unknown): boolean {
  if (fetch === nodeFetch) return true;
  try {
    if (!Function.prototype.toString.call(fetch).includes("require('internal/deps/undici/undici')"))
      return false;
  } catch {
    return false;
  }
  nodeFetch = fetch;
  return true;
}

/** Where undici keeps the dispatcher Node's `fetch` sends through (undici 6 and 7; 7 and 8). */
const DISPATCHERS = [Symbol.for('undici.globalDispatcher.1'), Symbol.for('undici.globalDispatcher.2')];
/**
 * Node's own dispatcher classes, by the class each extends: undici's `Agent`, and undici 8's wrapper
 * for the older key.
 */
const NODE_DISPATCHERS = new Map([
  ['Agent', 'DispatcherBase'],
  ['Dispatcher1Wrapper', 'Dispatcher'],
]);
/** The dispatchers last found plain (see {@link plainDispatchers}). */
const plainSeen = new WeakMap<object, unknown>();
/** What the source of undici's own `dispatch` (its `DispatcherBase`'s, undici 6 to 8) holds. */
const UNDICI_DISPATCH = ['handler must be an object', 'Dispatch](opts, handler)'];

/** Whether `dispatch` is undici's own, told by its source text (not a wrapper of anyone's). */
function undiciDispatch(dispatch: unknown): boolean {
  try {
    const source = Function.prototype.toString.call(dispatch);
    return UNDICI_DISPATCH.every((part) => source.includes(part));
  } catch {
    return false;
  }
}

/**
 * Whether Node's `fetch` sends as Node sends by default: every global dispatcher unset or a plain
 * instance of undici's own class, its `dispatch` not replaced, its pools made by undici's own
 * factory, HTTP/2 not asked for (nor a connector of the caller's, which may negotiate it), no
 * interceptors. A dispatcher that sends a request again (a retry or fail-over agent: the request
 * created within the call is then not the one written), speaks HTTP/2 (whose write undici before 7.2
 * does not report) or is a mock is another transport, whose reports and codes prove nothing.
 */
function plainDispatchers(): boolean {
  for (const key of DISPATCHERS) {
    const dispatcher = (globalThis as Record<symbol, unknown>)[key];
    if (dispatcher === undefined) continue;
    if (typeof dispatcher !== 'object' || dispatcher === null || Object.hasOwn(dispatcher, 'dispatch'))
      return false;
    // Found plain, with the `dispatch` it has now: one wrapped since (on its class or a base
    // class, as instrumentation does; helper-70) is looked at again.
    const { dispatch } = dispatcher as { dispatch?: unknown };
    if (plainSeen.get(dispatcher) === dispatch) continue;
    const proto = Object.getPrototypeOf(dispatcher) as {
      constructor?: { name?: unknown; prototype?: unknown };
    };
    const name = String(proto?.constructor?.name);
    // A class of the caller's of the same name (one extending undici's, which may send again from
    // a `dispatch` of its own: helper-69) is not.
    const base = Object.getPrototypeOf(proto) as { constructor?: { name?: unknown } } | null;
    if (
      NODE_DISPATCHERS.get(name) !== base?.constructor?.name ||
      proto.constructor?.prototype !== proto ||
      (name === 'Agent' && !undiciDispatch(dispatch))
    )
      return false;
    const own = (name: string) => {
      const key = Object.getOwnPropertySymbols(dispatcher).find((symbol) => symbol.description === name);
      return key ? (dispatcher as Record<symbol, unknown>)[key] : undefined;
    };
    // The pools it makes: undici's own (a factory of the caller's may add a retry; helper-67).
    const factory = own('factory') as { name?: unknown } | undefined;
    if (factory !== undefined && factory?.name !== 'defaultFactory') return false;
    const options = own('options') as
      | { allowH2?: unknown; interceptors?: unknown; connect?: unknown }
      | undefined;
    // A connector of the caller's may negotiate HTTP/2 (ALPN) without `allowH2`, and undici's
    // pools pass `connect`'s own `allowH2` on to theirs (helper-68).
    if (options?.allowH2 || typeof options?.connect === 'function') return false;
    const connect = options?.connect as { ALPNProtocols?: unknown; allowH2?: unknown } | undefined;
    // Any truthy `allowH2` there asks for HTTP/2: undici's connector offers it for any (helper-69).
    if (Array.isArray(connect?.ALPNProtocols) || connect?.allowH2) return false;
    const { interceptors } = options ?? {};
    if (
      interceptors != null &&
      Object.values(interceptors).some((list) => Array.isArray(list) && list.length > 0)
    )
      return false;
    plainSeen.set(dispatcher, dispatch);
  }
  return true;
}

/**
 * Whether `fetch` reports every request it sends within its call: Node's own, sending through
 * Node's own dispatcher ({@link plainDispatchers}), or one that carries
 * {@link FETCH_REPORTS_IN_CALL} as `true` (a mark that cannot be read is none).
 */
function reportsInCall(fetch: typeof globalThis.fetch): boolean {
  if (isNodeFetch(fetch)) return plainDispatchers();
  try {
    return (fetch as { [FETCH_REPORTS_IN_CALL]?: unknown })[FETCH_REPORTS_IN_CALL] === true;
  } catch {
    return false;
  }
}

/**
 * The `fetch` of an attempt, watched on `watch` (see {@link WireWatch}) within its synchronous call
 * when it reports within its call ({@link reportsInCall}); any other is called unwatched. `given` is
 * the caller's `fetch` (which gets ky's Request whole, so no `body`); without one,
 * `globalThis.fetch` as it is at the call, read once, with `body` (the JSON text) as `init.body`
 * beside ky's Request.
 */
export function watchedFetch(
  given: typeof globalThis.fetch | undefined,
  watch: WireWatch,
  body?: BodyInit | null,
): typeof globalThis.fetch {
  return (input, init) => {
    const fetch = given ?? globalThis.fetch;
    const sent = body == null ? init : { ...init, body };
    if (!subscribed || !reportsInCall(fetch)) return fetch(input, sent);
    watch.watched = true;
    // A watched call made within another's (a fetch calling Node's) has its own watch until it
    // returns; the outer one's reports after it are the outer's again.
    const outer = calling;
    calling = watch;
    try {
      return fetch(input, sent);
    } finally {
      calling = outer;
    }
  };
}

/** What a failure of the attempt watched on `watch` may claim (see {@link SendProof}). */
export function proofOf(watch: WireWatch | undefined): SendProof {
  if (!watch?.watched) return 'none';
  return watch.created && !watch.written && !http2Seen ? 'unwritten' : 'watched';
}

// Subscribed when the SDK loads, not at its first call: an HTTP/2 session undici opens before that
// call is seen opening (its requests report no write, so none may be taken for "never written").
/** Whether the channels are subscribed to; false where there are none (a browser). */
const subscribed = subscribe();
