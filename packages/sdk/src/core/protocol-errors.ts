import { RequestError, type RequestTarget } from './errors.js';

// Fields `declare`d and set by the constructors, as in errors.ts.

/**
 * The service's answer cannot be used as it came: a redirect, an answer over the size cap, or a
 * status HTTP does not give a finished request. Never retried.
 */
export class ProtocolError extends RequestError {
  override name = 'ProtocolError';
}

/**
 * The service answered with a redirect (3xx). Redirects are never followed: a body or a token
 * never goes to an origin other than the base URL's. `location` is where the service pointed
 * (absolute, without userinfo), or `undefined` when it did not say.
 */
export class RedirectError extends ProtocolError {
  override name = 'RedirectError';
  declare readonly status: number;
  declare readonly location: string | undefined;
  constructor(message: string, init: RequestTarget & { status: number; location: string | undefined }) {
    super(message, init);
    this.status = init.status;
    this.location = init.location;
  }
}

/** The answer was larger than the client's `maxResponseBytes` (decoded bytes, after gzip). */
export class ResponseTooLargeError extends ProtocolError {
  override name = 'ResponseTooLargeError';
  /** The limit that was exceeded, in bytes. */
  declare readonly limit: number;
  constructor(message: string, init: RequestTarget & { limit: number }) {
    super(message, init);
    this.limit = init.limit;
  }
}

/** The answer's status is not one HTTP gives a finished request (1xx, 6xx, 999). */
export class UnexpectedStatusError extends ProtocolError {
  override name = 'UnexpectedStatusError';
  declare readonly status: number;
  constructor(message: string, init: RequestTarget & { status: number }) {
    super(message, init);
    this.status = init.status;
  }
}

/** The {@link UnexpectedStatusError} of `status` in the answer to `info`. */
export function unexpectedStatus(info: RequestTarget, status: number): UnexpectedStatusError {
  const message = `${info.method} /${info.path} got HTTP ${status}, which is not a status a finished request can have (200–599)`;
  return new UnexpectedStatusError(message, { ...info, status });
}
