import type { Deadline } from './deadline.js';
import { AbortError, type AgentError, ConnectionError, type RequestInfo, TimeoutError } from './errors.js';
import { unexpectedStatus } from './protocol-errors.js';
import { scrub, scrubCause } from './redact.js';
import type { AttemptFailure } from './retry.js';

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Maps what `fetch` or reading the body threw to an SDK error. `phase` is `send` while waiting for
 * the response headers and `read` while reading the body (the request certainly arrived then).
 * The caller's signal gives an {@link AbortError}, the attempt's own deadline a {@link TimeoutError}.
 */
export function attemptError(
  info: RequestInfo,
  thrown: unknown,
  deadline: Deadline,
  caller: AbortSignal | undefined,
  phase: 'send' | 'read',
  secrets: readonly (string | undefined)[],
): AgentError {
  const where = `${info.method} /${info.path}`;
  const cause = scrubCause(thrown, secrets);
  if (caller?.aborted) return new AbortError(`${where} was aborted`, { cause });
  if (deadline.timedOut) {
    const ms = deadline.timeout === false ? 0 : deadline.timeout;
    return new TimeoutError(`${where} timed out after ${ms} ms`, { ...info, timeout: ms, cause });
  }
  const interim = phase === 'send' ? interimStatus(thrown) : undefined;
  if (interim !== undefined) return unexpectedStatus(info, interim);
  if (phase === 'send' && isBadPort(thrown)) {
    const message = `Could not reach the service (${where}): fetch refuses to connect to the port of the base URL (a "bad port" of the Fetch standard); nothing was sent`;
    return new ConnectionError(message, { ...info, sent: false, cause });
  }
  const code = networkCode(thrown);
  const sent = phase === 'read' || !(code !== undefined && NOT_SENT.has(code));
  const detail = code ?? (thrown instanceof Error ? thrown.message : String(thrown));
  const mayHaveArrived = info.method === 'GET' ? '' : '; it may have been processed';
  let message = `Could not reach the service (${where}): ${detail}`;
  if (phase === 'read') {
    message = `The connection broke while reading the answer to ${where}${mayHaveArrived} (${detail})`;
  } else if (sent && mayHaveArrived) {
    message = `The connection failed after ${where} was sent${mayHaveArrived} (${detail})`;
  }
  return new ConnectionError(scrub(message, secrets), { ...info, sent, cause });
}

/**
 * What the retry policy needs to know of an attempt that got no usable answer, or `undefined`
 * when it must never be retried (an abort, a redirect, an oversized answer, an odd status).
 */
export function failureOf(error: AgentError): AttemptFailure | undefined {
  if (error instanceof TimeoutError) return { kind: 'timeout' };
  // A port fetch refuses is refused again on every try.
  if (error instanceof ConnectionError)
    return isBadPort(error.cause) ? undefined : { kind: 'network', sent: error.sent };
  return undefined;
}

/** `error` and its causes, four deep at most. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/**
 * The interim (1xx) status Node's fetch broke the socket on: a 101 it did not ask for
 * (`bad upgrade`), a 100 to a request without `Expect` (`bad response`). An answer, not a
 * connection failure: the request arrived.
 */
function interimStatus(error: unknown): number | undefined {
  for (const e of causes(error)) {
    if (e.code !== 'UND_ERR_SOCKET') continue;
    if (e.message === 'bad upgrade') return 101;
    if (e.message === 'bad response') return 100;
  }
  return undefined;
}

/** Whether fetch refused the port before connecting (Node's fetch: a cause `Error('bad port')`). */
function isBadPort(error: unknown): boolean {
  for (const e of causes(error)) if (e.message === 'bad port') return true;
  return false;
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
