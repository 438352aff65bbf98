import { nodeBuiltin } from '../node-builtin.js';

/**
 * Whether a request was written to the socket, learnt from the reports of the `fetch` that sent it,
 * on diagnostics channels: undici (Node's fetch) reports when it creates a request and when it
 * writes its headers (HTTP/1.1), and a `fetch` marked {@link FETCH_REPORTS_IN_CALL} reports the same
 * on `credential-agent:fetch:create` and `credential-agent:fetch:written` (`{ request }`, any object
 * standing for the request), as the CLI's does. A report counts only when it is made within the
 * synchronous call of the `fetch` an attempt made. `unwritten` is true only with proof: the request
 * was created and its headers were never written, on a Node whose fetch never spoke HTTP/2 (which
 * does not report the write). Elsewhere (a browser, an unmarked `fetch` of the caller's) it stays
 * false: may have been sent.
 */
export interface WireWatch {
  created: boolean;
  written: boolean;
}

/**
 * The mark of a `fetch` given to the SDK whose reports can be trusted to say that a request was
 * never sent: set `[FETCH_REPORTS_IN_CALL]: true` on the function to promise that, for every request
 * it sends, it publishes `{ request }` on `credential-agent:fetch:create` within its synchronous
 * call (before its first `await`) and on `credential-agent:fetch:written` before it writes any byte
 * of it (`Symbol.for('credential-agent:fetch:reports-in-call')`). A failed request that was created
 * and never written is then "not sent" (`ConnectionError.sent === false`), and retried even when it
 * is a POST. A `fetch` of the caller's without the mark is not watched: any of its failures may
 * have been sent, since its reports cannot be told from those of other requests it makes (a
 * fallback transport, a call of another client inside it). The CLI's `fetch` carries it.
 */
export const FETCH_REPORTS_IN_CALL: unique symbol = Symbol.for('credential-agent:fetch:reports-in-call');

/** Undefined until the channels are subscribed to; false where there are none (a browser). */
let subscribed: boolean | undefined;
/**
 * The watch of the `fetch` being called, for the length of its synchronous call: undici creates its
 * request there (Node 20 to 26), as a marked `fetch` promises to. Nothing else attributes a report,
 * so a report made after an `await` is no request's, and no run of the process pays for promise
 * hooks (an `AsyncLocalStorage`, which on Node 20 and 22 slows every promise).
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
    const request = (message as { request?: object }).request;
    if (!calling || !request) return;
    calling.created = true;
    requests.set(request, calling);
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

/**
 * Whether a `fetch` of the caller's reports every request it sends within its call: it carries
 * {@link FETCH_REPORTS_IN_CALL} as `true` (a mark that cannot be read is none), or it is Node's own.
 */
function reportsInCall(fetch: typeof globalThis.fetch): boolean {
  try {
    return (
      fetch === globalThis.fetch ||
      (fetch as { [FETCH_REPORTS_IN_CALL]?: unknown })[FETCH_REPORTS_IN_CALL] === true
    );
  } catch {
    return false;
  }
}

/**
 * `fetch`, each call watched on `watch` (see {@link WireWatch}) within its synchronous call: Node's
 * own (`given` false), and a given one that reports within its call ({@link FETCH_REPORTS_IN_CALL}).
 * Any other given `fetch` is called unwatched.
 */
export function watchedFetch(
  fetch: typeof globalThis.fetch,
  watch: WireWatch,
  given: boolean,
): typeof globalThis.fetch {
  return (input, init) => {
    if (!subscribe() || (given && !reportsInCall(fetch))) return fetch(input, init);
    // A watched call made within another's (a fetch calling Node's) has its own watch until it
    // returns; the outer one's reports after it are the outer's again.
    const outer = calling;
    calling = watch;
    try {
      return fetch(input, init);
    } finally {
      calling = outer;
    }
  };
}

/** True when the watched request certainly never reached the socket. */
export function unwritten(watch: WireWatch | undefined): boolean {
  return watch?.created === true && !watch.written && !http2Seen;
}
