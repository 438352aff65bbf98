import { AbortError, type AgentError, ConnectionError, type RequestTarget, TimeoutError } from '../errors.js';
import { unexpectedStatus } from '../protocol-errors.js';
import { scrub, scrubCause } from '../redact.js';
import type { AttemptFailure } from '../retry.js';
import type { Deadline } from './deadline.js';
import type { SendProof } from './wire-watch.js';

/**
 * Codes of failures before any byte of the request was written: no address, no listener, or a TLS
 * handshake that failed (a certificate refused, a handshake refused, an answer in plain text);
 * fetch writes the request only once the handshake is done.
 */
const NOT_SENT =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EAI_FAIL|ERR_SSL_WRONG_VERSION_NUMBER)$|CERT|^UNABLE_TO_|^ERR_SSL_.*(HANDSHAKE_FAIL|PROTOCOL_VERSION|UNSUPPORTED_PROTOCOL|NO_PROTOCOLS)/;

/** Where a request went: the base URL, and what to scrub from messages. */
export interface FailureContext {
  baseUrl: string;
  secrets: readonly (string | undefined)[];
}

/**
 * What a failure before any byte of the request was written says, or undefined when some may have
 * been written. A handshake answered in plain text names the scheme the server speaks.
 */
function notSent(thrown: unknown, code = '', baseUrl: string): string | undefined {
  // Node's words when the server closes the connection during the handshake.
  const closed = [...causes(thrown)].some((e) => /before secure TLS/.test(String(e.message)));
  if (!closed && !NOT_SENT.test(code)) return undefined;
  if (!closed && /^E(CONN|NOT|AI)/.test(code)) return code;
  if (code !== 'ERR_SSL_WRONG_VERSION_NUMBER') return `TLS handshake failed (${code})`;
  // The same port over http: (`http://host` alone would be port 80).
  const http = new URL(baseUrl);
  const port = http.port || '443';
  http.protocol = 'http:';
  http.port = port;
  return `TLS handshake failed (${code}): the server speaks plain HTTP; use ${http.href.replace(/\/$/, '')}`;
}

/** Where requests go, as `scheme://host:port` (the port even when it is the scheme's; never userinfo). */
export function originOf(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
    return `${url.protocol}//${url.hostname}${port ? `:${port}` : ''}`;
  } catch {
    return 'the service';
  }
}

/**
 * Maps what `fetch` or reading the body threw to an SDK error. `phase` is `send` while waiting for
 * the response headers and `read` while reading the body (the request certainly arrived then).
 * The caller's signal gives an {@link AbortError}, the attempt's own deadline a {@link TimeoutError}
 * (a {@link ConnectionError} with `sent: false` when `proof` is `unwritten`: no byte of the request
 * was written). A failure says "not sent" only with proof: a `fetch` that was not watched (`none`)
 * may have sent the request whatever it threw.
 */
export function attemptError(
  info: RequestTarget,
  thrown: unknown,
  deadline: Deadline,
  caller: AbortSignal | undefined,
  phase: 'send' | 'read',
  { baseUrl, secrets }: FailureContext,
  proof: SendProof = 'none',
): AgentError {
  const unwritten = proof === 'unwritten';
  const where = `${info.method} /${info.path}`;
  const origin = originOf(baseUrl);
  const cause = scrubCause(thrown, secrets);
  if (caller?.aborted) return new AbortError(`${where} was aborted`, { ...info, cause });
  const ms = deadline.timeout || 0;
  if (deadline.timedOut && unwritten && phase === 'send') {
    // Fetch writes a request only once connected (and, over https, once the handshake is done).
    const message = `Could not reach ${origin} (${where}): no connection after ${ms} ms (the connection or TLS handshake did not complete); not sent`;
    return new ConnectionError(scrub(message, secrets), { ...info, sent: false, cause });
  }
  if (deadline.timedOut) {
    return new TimeoutError(scrub(`${where} to ${origin} timed out after ${ms} ms`, secrets), {
      ...info,
      timeout: ms,
      cause,
    });
  }
  // What an unwatched fetch throws may be of another request it made (a fail-over's refused
  // second host after the first read the request): no code of it says "not sent".
  const vouched = phase === 'send' && proof !== 'none';
  const refusal = vouched ? refusalOf(thrown) : undefined;
  if (typeof refusal === 'number') return unexpectedStatus(info, refusal);
  if (refusal === 'port') {
    return new ConnectionError(`${where} was not sent: fetch refuses the port of ${origin}`, {
      ...info,
      sent: false,
      cause,
    });
  }
  const code = networkCode(thrown);
  const unsent = unwritten ? `${code ?? 'failed'} before the request was written` : undefined;
  const why = vouched ? (notSent(thrown, code, baseUrl) ?? unsent) : undefined;
  if (why !== undefined) {
    const message = `Could not reach ${origin} (${where}): ${why}`;
    return new ConnectionError(scrub(message, secrets), { ...info, sent: false, cause });
  }
  const detail = code ?? (thrown instanceof Error ? thrown.message : String(thrown));
  const mayHaveArrived = info.method === 'GET' ? '' : '; it may have been processed';
  let message = `Could not reach ${origin} (${where}): ${detail}`;
  if (phase === 'read') {
    message = `The connection to ${origin} broke while reading the answer to ${where}${mayHaveArrived} (${detail})`;
  } else if (proof === 'none') {
    // Nothing says whether it left: a fetch the SDK cannot vouch for (see wire-watch.ts).
    message = `${where} to ${origin} failed, and may have been sent${mayHaveArrived && ' and processed'} (${detail})`;
  } else if (mayHaveArrived) {
    message = `The connection to ${origin} failed after ${where} was sent${mayHaveArrived} (${detail})`;
  }
  return new ConnectionError(scrub(message, secrets), { ...info, sent: true, cause });
}

/**
 * What the retry policy needs to know of an attempt that got no usable answer, or `undefined`
 * when it must never be retried (an abort, a redirect, an oversized answer, an odd status).
 */
export function failureOf(error: AgentError): AttemptFailure | undefined {
  if (error instanceof TimeoutError) return { kind: 'timeout' };
  // A port fetch refuses is refused again on every try.
  if (error instanceof ConnectionError)
    return refusalOf(error.cause) === 'port' ? undefined : { kind: 'network', sent: error.sent };
  return undefined;
}

/** `error` and its causes, four deep at most. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown; cause?: unknown }> {
  let e = error as { cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    yield e;
    e = e.cause as typeof e;
  }
}

/**
 * What Node's fetch says it refused, from its cause's message: the interim status it broke the
 * socket on (a 101 it did not ask for is `bad upgrade`, an unasked 100 `bad response`: answers,
 * so the request arrived), or `port` for a port it never connects to (nothing was sent).
 */
const REFUSALS = new Map<unknown, number | 'port'>([
  ['bad upgrade', 101],
  ['bad response', 100],
  ['bad port', 'port'],
]);

function refusalOf(error: unknown): number | 'port' | undefined {
  for (const e of causes(error)) if (REFUSALS.has(e.message)) return REFUSALS.get(e.message);
  return undefined;
}

/** The system error code behind a failed fetch (`ECONNREFUSED`, `ECONNRESET`, …), if any. */
export function networkCode(error: unknown): string | undefined {
  for (const { code } of causes(error)) {
    if (typeof code === 'string') {
      // undici's own codes say little to a reader: name the one that matters, look past the rest.
      if (code === 'UND_ERR_SOCKET') return 'connection closed';
      if (!code.startsWith('UND_ERR') && code !== 'ABORT_ERR') return code;
    }
  }
  return undefined;
}
