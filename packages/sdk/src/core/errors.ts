import type { OpenEnum } from '../models/common.js';
import { redactValue, scrub } from './redact.js';
import { requestIdOf } from './response-info.js';

/** Values scrubbed from what an error keeps (the token, a password). */

/** One problem with a value: where it is (`credentialOffer[0].emailId`) and what is wrong. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** What identifies the request an error belongs to. */
export interface RequestTarget {
  method: string;
  path: string;
}

// The errors' fields are `declare`d and set by each constructor, in the order they are listed: the
// same own properties as plain class fields, without the field definitions (about 0.1 KB gzipped of
// every bundle).

/** Marks SDK errors in a way every copy of the SDK (ESM, CJS, another realm) recognises. */
const AGENT_ERROR = Symbol.for('@credential-agent/sdk/AgentError');

/** Base class of every error the SDK throws. Neither ky nor zod errors reach the caller; see `cause`. */
export class AgentError extends Error {
  override name = 'AgentError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    Object.defineProperty(this, AGENT_ERROR, { value: true });
  }

  /**
   * True for an error of this class or a subclass, from any copy of the SDK (ESM or CJS build,
   * another realm), unlike `instanceof`: `AgentError.is(e)` for any SDK error, `TimeoutError.is(e)`
   * only for a timeout, `ApiError.is(e)` for any error answer.
   */
  static is<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    if ((value as Record<symbol, unknown> | undefined)?.[AGENT_ERROR] !== true) return false;
    // By the names of the classes that built it, as another copy's classes are other objects.
    for (let p = Object.getPrototypeOf(value); p; p = Object.getPrototypeOf(p)) {
      // biome-ignore lint/complexity/noThisInStatic: `this` is the class `.is` was called on, not AgentError.
      if (p.constructor?.name === this.name) return true;
    }
    return false;
  }
}

/** Options shared by the HTTP error classes. */
export interface ApiErrorInit extends RequestTarget {
  status: number;
  body: unknown;
  headers?: Headers | undefined;
  cause?: unknown;
}

/**
 * The service answered with an error status. `message` is the server's message (string, array or
 * validation details, flattened); `body` is the parsed body (or its text when it was not JSON).
 */
export class ApiError extends AgentError {
  override name = 'ApiError';
  declare readonly status: number;
  declare readonly method: string;
  declare readonly path: string;
  declare readonly body: unknown;
  declare readonly headers: Headers | undefined;
  /** The request id the service sent (`x-request-id`, `request-id` or `x-correlation-id`), if any. */
  declare readonly requestId: string | undefined;

  constructor(message: string, init: ApiErrorInit) {
    super(message, { cause: init.cause });
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
    this.headers = init.headers;
    this.requestId = requestIdOf(init.headers);
  }
}

/** 400 or 422: the server refused the body. `fieldErrors` lists the fields it named. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
  declare readonly fieldErrors: FieldIssue[];
  constructor(message: string, init: ApiErrorInit & { fieldErrors?: FieldIssue[] }) {
    super(message, init);
    this.fieldErrors = init.fieldErrors ?? [];
  }
}

/** Why authentication failed: no token, a token known to have expired, or a 401 from the server. */
export type AuthenticationFailure = 'missing-token' | 'expired-token' | 'rejected';

/**
 * 401, or a request that was not sent because no valid token is held. The stored token is cleared
 * on a 401. `reason` tells the three cases apart; `status` is 401 in all of them.
 */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
  declare readonly reason: AuthenticationFailure;
  constructor(message: string, init: ApiErrorInit & { reason: AuthenticationFailure }) {
    super(message, init);
    this.reason = init.reason;
  }
}

/** 403: the user may not act in this organisation. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}

/** 404: no such record (or route). */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

/** 409: the record exists already. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}

/** 429: too many requests. `retryAfter` is in seconds when the server said. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  declare readonly retryAfter: number | undefined;
  constructor(message: string, init: ApiErrorInit & { retryAfter?: number | undefined }) {
    super(message, init);
    this.retryAfter = init.retryAfter;
  }
}

/** 5xx: the service failed. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}

/** The connection failed. `sent` is false when the request certainly did not reach the server. */
export class ConnectionError extends AgentError {
  override name = 'ConnectionError';
  declare readonly method: string;
  declare readonly path: string;
  declare readonly sent: boolean;
  constructor(message: string, init: RequestTarget & { sent: boolean; cause?: unknown }) {
    super(message, { cause: init.cause });
    this.method = init.method;
    this.path = init.path;
    this.sent = init.sent;
  }
}

/** An attempt took longer than the timeout. */
export class TimeoutError extends AgentError {
  override name = 'TimeoutError';
  declare readonly method: string;
  declare readonly path: string;
  declare readonly timeout: number;
  constructor(message: string, init: RequestTarget & { timeout: number; cause?: unknown }) {
    super(message, { cause: init.cause });
    this.method = init.method;
    this.path = init.path;
    this.timeout = init.timeout;
  }
}

/** The caller's AbortSignal fired; any pending retry was cancelled too. */
export class AbortError extends AgentError {
  override name = 'AbortError';
}

/** Our input is invalid; nothing was sent. `issues` names each field and what is wrong with it. */
export class RequestValidationError extends AgentError {
  override name = 'RequestValidationError';
  declare readonly issues: FieldIssue[];
  constructor(message: string, issues: FieldIssue[], options?: { cause?: unknown }) {
    super(message, options);
    this.issues = issues;
  }
}

/**
 * A {@link RequestValidationError} about one field: `Invalid <what>: <path> <message>` (`what` is
 * `request` or `client options`).
 */
export function invalidField(
  path: string,
  message: string,
  what = 'request',
  options?: { cause?: unknown },
): RequestValidationError {
  return new RequestValidationError(`Invalid ${what}: ${path} ${message}`, [{ path, message }], options);
}

/**
 * The client's `passwordEncryption` function threw, or returned something other than a non-empty
 * string; nothing was sent. `cause` is what it threw, as a new error of the same name whose message
 * has the password scrubbed.
 */
export class PasswordEncryptionError extends AgentError {
  override name = 'PasswordEncryptionError';
  /** The client option at fault. */
  readonly option = 'passwordEncryption';
}

/**
 * A 2xx answer that breaks what the spec promises. `body` is the body as it came, with the secrets
 * the client holds scrubbed (as in every error).
 */
export class ResponseValidationError extends AgentError {
  override name = 'ResponseValidationError';
  declare readonly issues: FieldIssue[];
  /** The body, secrets scrubbed. Not enumerable, so logging the error does not print it whole. */
  declare readonly body: unknown;
  declare readonly status: number;
  declare readonly method: string;
  declare readonly path: string;
  constructor(
    message: string,
    init: RequestTarget & {
      issues: FieldIssue[];
      body: unknown;
      status: number;
      cause?: unknown;
      secrets?: readonly (string | undefined)[] | undefined;
    },
  ) {
    const { secrets = [] } = init;
    super(scrub(message, secrets), { cause: init.cause });
    this.issues = redactValue(init.issues, secrets) as FieldIssue[];
    Object.defineProperty(this, 'body', { value: redactValue(init.body, secrets), enumerable: false });
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
  }
}

/**
 * A 2xx answer to an e-mail offer that says the e-mails were not sent: `success: false`,
 * `data: false`, or an `error` array of per-e-mail failures. `inDoubt` is false when the answer
 * names every e-mail of the request as failed (none went out: safe to send again), true when some
 * may have gone out. `failures` is the `error` array as it came (empty when there was none).
 */
export class EmailNotSentError extends AgentError {
  override name = 'EmailNotSentError';
  declare readonly status: number;
  declare readonly inDoubt: boolean;
  /** The answer's per-e-mail failures, secrets scrubbed. */
  declare readonly failures: readonly unknown[];
  /** The body, secrets scrubbed. Not enumerable, so logging the error does not print it whole. */
  declare readonly body: unknown;
  constructor(
    message: string,
    init: {
      status: number;
      inDoubt: boolean;
      failures: readonly unknown[];
      body: unknown;
      secrets?: readonly (string | undefined)[] | undefined;
    },
  ) {
    const { secrets = [] } = init;
    super(scrub(message, secrets));
    this.status = init.status;
    this.inDoubt = init.inDoubt;
    this.failures = redactValue(init.failures, secrets) as unknown[];
    Object.defineProperty(this, 'body', { value: redactValue(init.body, secrets), enumerable: false });
  }
}

/** A ledger registration did not finish: it failed, wants an action, or asks to wait. */
export class RegistrationError extends AgentError {
  override name = 'RegistrationError';
  declare readonly state: OpenEnum<['failed', 'action', 'wait']>;
  declare readonly reason: string | undefined;
  declare readonly action: string | undefined;
  declare readonly result: unknown;
  constructor(
    message: string,
    init: {
      state: string;
      reason?: string | undefined;
      action?: string | undefined;
      result: unknown;
      cause?: unknown;
      /** Scrubbed from the message, `reason`, `action` and `result` (a ledger may echo the token). */
      secrets?: readonly (string | undefined)[] | undefined;
    },
  ) {
    const { secrets = [] } = init;
    super(scrub(message, secrets), { cause: init.cause });
    this.state = init.state;
    this.reason = init.reason && scrub(init.reason, secrets);
    this.action = init.action && scrub(init.action, secrets);
    this.result = redactValue(init.result, secrets);
  }
}

/** Schema creation did not finish: the ledger failed, wants an action, or asks to wait. */
export class SchemaRegistrationError extends RegistrationError {
  override name = 'SchemaRegistrationError';
}

/**
 * DID registration did not finish: the registrar answered `didState.state` other than `finished`
 * (`failed` with a `reason`, `action` with an `action`, `wait`). `result` is its answer.
 */
export class DidRegistrationError extends RegistrationError {
  override name = 'DidRegistrationError';
}

/** True for any error thrown by the SDK, whichever copy of it (ESM, CJS, another realm) threw it. */
export function isAgentError(error: unknown): error is AgentError {
  return AgentError.is(error);
}

/** True for an error answer of the service, whichever copy of the SDK threw it. */
export function isApiError(error: unknown): error is ApiError {
  return ApiError.is(error);
}
