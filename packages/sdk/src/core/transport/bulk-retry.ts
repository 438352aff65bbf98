import {
  type AgentError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  EmailNotSentError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
} from '../errors.js';
import { parseRetryAfter, type ResolvedRetry, retryDelay } from '../retry.js';

/**
 * How a failed bulk e-mail request is treated (the bulk helper retries on its own; the
 * transport's retries are off for its calls).
 */

/**
 * The delay before sending the batch again when the service certainly did not process it (a 429,
 * a 503 with `Retry-After`, a refused connection); undefined when it may have, whatever the status,
 * including a partial-failure body.
 */
export function bulkRetryDelay(
  error: AgentError,
  attempt: number,
  policy: ResolvedRetry,
): number | undefined {
  if (error instanceof ConnectionError)
    return error.sent ? undefined : retryDelay(attempt, { kind: 'network', sent: false }, policy);
  if (!(error instanceof ApiError) || isPartialFailure(error)) return undefined;
  const retryAfterMs = parseRetryAfter(error.headers?.get('retry-after') ?? null);
  if (error.status !== 429 && !(error.status === 503 && retryAfterMs !== undefined)) return undefined;
  return retryDelay(attempt, { kind: 'status', status: error.status, retryAfterMs }, policy);
}

/** Errors that stop a bulk run: no other batch would fare better. */
export function isFatalForBulk(error: AgentError): boolean {
  return (
    error instanceof AuthenticationError ||
    error instanceof PermissionDeniedError ||
    error instanceof NotFoundError ||
    error instanceof RequestValidationError
  );
}

/** May the failed request have sent e-mails? Only errors proving the service refused it say no. */
export function isInDoubt(error: AgentError): boolean {
  if (error instanceof RequestValidationError) return false;
  if (error instanceof ConnectionError) return error.sent;
  if (error instanceof EmailNotSentError) return error.inDoubt;
  if (!(error instanceof ApiError)) return true;
  if (isPartialFailure(error)) return true;
  if (error instanceof RateLimitError) return false;
  if (error.status === 503 && error.headers?.get('retry-after')) return false;
  return error.status >= 500;
}

/**
 * A gateway that sends e-mails one by one reports a partial failure with an `error` array, whatever
 * the status (a 429 or 503 included): some e-mails of the batch may have gone out.
 */
function isPartialFailure(error: ApiError): boolean {
  const body = error.body;
  return typeof body === 'object' && body !== null && Array.isArray(Reflect.get(body, 'error'));
}
