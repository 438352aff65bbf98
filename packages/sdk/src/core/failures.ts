import type { Deadline } from './deadline.js';
import { AbortError, type AgentError, ConnectionError, type RequestInfo, TimeoutError } from './errors.js';
import type { AttemptFailure } from './retry.js';

/** An attempt that got no usable answer, and what the retry policy should know of it. */
export interface FailedAttempt {
  failure: AttemptFailure;
  error: AgentError;
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Maps what `fetch` or reading the body threw to an SDK error. `phase` is `send` while waiting for
 * the response headers and `read` while reading the body (the request certainly arrived then).
 * @throws {@link AbortError} when the caller's signal ended the attempt: that is never retried.
 */
export function failedAttempt(
  info: RequestInfo,
  thrown: unknown,
  deadline: Deadline,
  caller: AbortSignal | undefined,
  phase: 'send' | 'read',
): FailedAttempt {
  const where = `${info.method} /${info.path}`;
  if (caller?.aborted) throw new AbortError(`${where} was aborted`, { cause: thrown });
  if (deadline.timedOut) {
    const ms = deadline.timeout === false ? 0 : deadline.timeout;
    const error = new TimeoutError(`${where} timed out after ${ms} ms`, {
      ...info,
      timeout: ms,
      cause: thrown,
    });
    return { failure: { kind: 'timeout' }, error };
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
  return {
    failure: { kind: 'network', sent },
    error: new ConnectionError(message, { ...info, sent, cause: thrown }),
  };
}

/** The system error code behind a failed fetch (`ECONNREFUSED`, `ECONNRESET`, …), if any. */
export function networkCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // undici's own codes say little to a reader: name the one that matters, look past the rest.
      if (code === 'UND_ERR_SOCKET') return 'connection closed';
      if (!code.startsWith('UND_ERR') && code !== 'ABORT_ERR') return code;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
