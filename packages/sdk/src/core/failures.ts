import type { Deadline } from './deadline.js';
import { AbortError, type AgentError, ConnectionError, type RequestTarget, TimeoutError } from './errors.js';
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
  info: RequestTarget,
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
  const refusal = phase === 'send' ? refusalOf(thrown) : undefined;
  if (typeof refusal === 'number') return unexpectedStatus(info, refusal);
  if (refusal === 'port') {
    return new ConnectionError(`${where} was not sent: fetch refuses this port`, {
      ...info,
      sent: false,
      cause,
    });
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
