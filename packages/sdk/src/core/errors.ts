import type { OpenEnum } from '../models/common.js';
import { redactValue, scrub } from './redact.js';
import { requestIdOf } from './response-info.js';
import { type RouteFamily, routeOf } from './transport/routes.js';

export type { RouteFamily } from './transport/routes.js';

/**
 * What kind of problem a {@link FieldIssue} is, for code to branch on (the `message` is for people).
 * zod's issue codes, folded into a few:
 * - `invalid_type`: the wrong type, or missing (`received: 'undefined'`); `expected` names the type;
 * - `invalid_value`: not one of the allowed values (`expected`: them, joined by `|`), or a number
 *   not a multiple of its step, or a bad key or element of a record or set;
 * - `invalid_format`: a string not in its format (`expected`: `email`, `uuid`, `url`, `regex`, …);
 * - `too_small` / `too_big`: under or over a length, size or bound (`expected`: `>=1`, `<=100`);
 * - `unrecognized_keys`: a field the schema does not know (the issue's `path` names it);
 * - `custom`: any other rule (the SDK's own checks, or a service's words it gives no kind for).
 */
export type FieldIssueCode =
  | 'invalid_type'
  | 'invalid_value'
  | 'invalid_format'
  | 'too_small'
  | 'too_big'
  | 'unrecognized_keys'
  | 'custom';

/**
 * One problem with a value: where it is (`credentialOffer[0].emailId`), what kind of problem
 * (`code`), and what is wrong in words (`message`).
 */
export interface FieldIssue {
  path: string;
  message: string;
  /** The kind of problem; see {@link FieldIssueCode}. */
  code: FieldIssueCode;
  /** What was expected, when known: a type name (`string`), a format, the allowed values, a bound. */
  expected?: string | undefined;
  /**
   * The type of what was given, when known (`number`, `undefined` for a missing field): a type
   * name, never the value (it may be a secret).
   */
  received?: string | undefined;
}

/**
 * What identifies the request an error belongs to: its method, its path (relative to the base URL,
 * without a leading slash, as sent: `credentials`, `orgs/<id>/credentials/oob/email`) and the
 * service it went to.
 */
export interface RequestTarget {
  method: string;
  path: string;
  /**
   * The service the request went to: `platform` for the platform gateway's routes (`/auth`,
   * `/orgs`), `agent` for the agent controller's (`/oob`, `/credentials`, `/dids`, `/schemas`, and
   * any other path), or as `request({ target })` said. With a split deployment (the client's
   * `agent` option) they are two base URLs; with one base URL, both are served there. Found from
   * the path when not given.
   */
  target?: RouteFamily | undefined;
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

/**
 * Base class of the errors of a request that was built and sent (or being sent): every one carries
 * the request's `method`, `path` and `target`. Errors before anything is sent
 * ({@link RequestValidationError}, {@link PasswordEncryptionError}) are not request errors.
 */
export class RequestError extends AgentError {
  override name = 'RequestError';
  /** The request's method, upper-case (`GET`, `POST`). */
  declare readonly method: string;
  /** The request's path relative to the base URL, without a leading slash (`credentials`). */
  declare readonly path: string;
  /** The service it went to; see {@link RequestTarget.target}. */
  declare readonly target: RouteFamily;
  constructor(message: string, init: RequestTarget & { cause?: unknown }) {
    super(message, { cause: init.cause });
    this.method = init.method;
    this.path = init.path;
    this.target = init.target ?? routeOf(init.path).family;
  }
}

/** Options shared by the HTTP error classes. */
export interface ApiErrorInit extends RequestTarget {
  status: number;
  body: unknown;
  headers?: Headers | undefined;
  /** The server's own words for the error, scrubbed; undefined when it gave none. */
  serverMessage?: string | undefined;
  cause?: unknown;
}

/**
 * The service answered with an error status. `message` is the server's message (string, array or
 * validation details, flattened), or the status line (`HTTP 404 Not Found`) when it gave none;
 * `serverMessage` is the server's words alone; `body` is the parsed body (or its text when it was
 * not JSON).
 */
export class ApiError extends RequestError {
  override name = 'ApiError';
  declare readonly status: number;
  declare readonly body: unknown;
  declare readonly headers: Headers | undefined;
  /** The request id the service sent (`x-request-id`, `request-id` or `x-correlation-id`), if any. */
  declare readonly requestId: string | undefined;
  /**
   * The server's own words for the error (its `message`, validation details or short text body),
   * secrets scrubbed; undefined when it gave none (an HTML page, an empty body), and `message` is
   * then the status line. For a route the server does not have, this is usually undefined.
   */
  declare readonly serverMessage: string | undefined;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
    this.requestId = requestIdOf(init.headers);
    this.serverMessage = init.serverMessage;
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
 * What an agent controller called with an API key (the client's `agent.apiKey`) refused: `api-key`,
 * the key itself (at `POST /agent/token`, or any route of a line 2.0 agent); `token`, a token it
 * had just issued for that key (line 2.1: at a route, after one fresh exchange, or at the tenant's
 * `multi-tenancy/get-token`): the key is right, the agent's own configuration is not.
 */
export type RefusedCredential = 'api-key' | 'token';

/**
 * 401, or a request that was not sent because no valid token is held. The stored token is cleared
 * on a 401. `reason` tells the three cases apart; `status` is 401 in all of them. `refused` says
 * what an agent called with an API key refused; undefined for the platform's 401s.
 */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
  declare readonly reason: AuthenticationFailure;
  /** What the agent refused, for an agent called with an API key; see {@link RefusedCredential}. */
  declare readonly refused: RefusedCredential | undefined;
  constructor(
    message: string,
    init: ApiErrorInit & { reason: AuthenticationFailure; refused?: RefusedCredential | undefined },
  ) {
    super(message, init);
    this.reason = init.reason;
    this.refused = init.refused;
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
export class ConnectionError extends RequestError {
  override name = 'ConnectionError';
  declare readonly sent: boolean;
  constructor(message: string, init: RequestTarget & { sent: boolean; cause?: unknown }) {
    super(message, init);
    this.sent = init.sent;
  }
}

/** An attempt took longer than the timeout. */
export class TimeoutError extends RequestError {
  override name = 'TimeoutError';
  declare readonly timeout: number;
  constructor(message: string, init: RequestTarget & { timeout: number; cause?: unknown }) {
    super(message, init);
    this.timeout = init.timeout;
  }
}

/**
 * The caller's AbortSignal fired; any pending retry was cancelled too. `method` and `path` name
 * the request it ended (for a bulk send, the request the rows not sent would have gone in).
 */
export class AbortError extends RequestError {
  override name = 'AbortError';
}

/**
 * Our input is invalid; nothing was sent. `issues` names each field (`path`, as the parameter or
 * body field the caller gave), the kind of problem (`code`) and what is wrong with it. It carries
 * no `method` or `path`: many refusals come before any request exists (client options, ids, the
 * path given to `request()`), and the issue's path, not the route, is what the caller must fix.
 */
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
  const issue: FieldIssue = { path, message, code: 'custom' };
  return new RequestValidationError(`Invalid ${what}: ${path} ${message}`, [issue], options);
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
 * Where a {@link ResponseValidationError} keeps its body: a function giving it scrubbed, scrubbing it
 * on the first call only (so that `util.inspect` with `showHidden` shows a function, never the body).
 */
const BODY = Symbol('body');

/**
 * A 2xx answer that breaks what the spec promises. `body` is the body as the SDK read it, with the
 * secrets the client holds scrubbed (as in every error), and so is zod's error as its `cause`.
 */
export class ResponseValidationError extends RequestError {
  override name = 'ResponseValidationError';
  declare readonly issues: FieldIssue[];
  declare readonly status: number;
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
    super(scrub(message, secrets), init);
    this.issues = redactValue(init.issues, secrets) as FieldIssue[];
    // Scrubbed when first read (a body of a million records is not copied for an error never read),
    // by the class's getter: V8 keeps a getter made for one object in the old generation, and what
    // it holds (this body) through every young collection, until a full one.
    let raw: { body: unknown } | undefined = { body: init.body };
    let scrubbed: unknown;
    const read = () => {
      if (raw) scrubbed = redactValue(raw.body, secrets);
      raw = undefined;
      return scrubbed;
    };
    Object.defineProperty(this, BODY, { value: read });
    this.status = init.status;
  }

  /**
   * The body as the SDK read it, secrets scrubbed: a `null` it reads as absent (in an optional
   * field) may already be absent. Not enumerable, so logging the error does not print it whole.
   */
  get body(): unknown {
    return (this as { [BODY]?: () => unknown })[BODY]?.();
  }
}

/**
 * A 2xx answer to an e-mail offer that says the e-mails were not sent: `success: false`,
 * `data: false`, or an `error` array of per-e-mail failures. `inDoubt` is false when the answer
 * names every e-mail of the request as failed (none went out: safe to send again), true when some
 * may have gone out. `failures` is the `error` array as it came (empty when there was none).
 */
export class EmailNotSentError extends RequestError {
  override name = 'EmailNotSentError';
  declare readonly status: number;
  declare readonly inDoubt: boolean;
  /** The answer's per-e-mail failures, secrets scrubbed. */
  declare readonly failures: readonly unknown[];
  /** The body, secrets scrubbed. Not enumerable, so logging the error does not print it whole. */
  declare readonly body: unknown;
  constructor(
    message: string,
    init: RequestTarget & {
      status: number;
      inDoubt: boolean;
      failures: readonly unknown[];
      body: unknown;
      secrets?: readonly (string | undefined)[] | undefined;
    },
  ) {
    const { secrets = [] } = init;
    super(scrub(message, secrets), init);
    this.status = init.status;
    this.inDoubt = init.inDoubt;
    this.failures = redactValue(init.failures, secrets) as unknown[];
    Object.defineProperty(this, 'body', { value: redactValue(init.body, secrets), enumerable: false });
  }
}

/**
 * A 2xx answer of an `/orgs` endpoint whose envelope says `success: false`: the service did not do
 * what was asked (the gateway answers HTTP 200 and puts the failure in the body). `message` is the
 * envelope's `message`; `statusCode` its `statusCode` (the failure's own status, e.g. 400), `status`
 * the HTTP status. The e-mail offer endpoint throws {@link EmailNotSentError} instead.
 */
export class OperationFailedError extends RequestError {
  override name = 'OperationFailedError';
  /** The HTTP status of the answer (2xx). */
  declare readonly status: number;
  /** The envelope's `statusCode`, when it has a number there. */
  declare readonly statusCode: number | undefined;
  /** The body, secrets scrubbed. Not enumerable, so logging the error does not print it whole. */
  declare readonly body: unknown;
  constructor(
    message: string,
    init: RequestTarget & {
      status: number;
      statusCode: number | undefined;
      body: unknown;
      secrets?: readonly (string | undefined)[] | undefined;
    },
  ) {
    const { secrets = [] } = init;
    super(scrub(message, secrets), init);
    this.status = init.status;
    this.statusCode = init.statusCode;
    Object.defineProperty(this, 'body', { value: redactValue(init.body, secrets), enumerable: false });
  }
}

/** What a registration error is built from. */
export interface RegistrationErrorInit extends RequestTarget {
  state: string;
  reason?: string | undefined;
  action?: string | undefined;
  /** The registration job's id, when the answer gave one. */
  jobId?: string | undefined;
  result: unknown;
  cause?: unknown;
  /** Scrubbed from the message, `reason`, `action` and `result` (a ledger may echo the token). */
  secrets?: readonly (string | undefined)[] | undefined;
}

/**
 * A ledger registration did not finish: it failed, wants an action, or asks to wait. `result` is
 * the answer (secrets scrubbed); `jobId` the registration job's id when the answer gave one.
 */
export class RegistrationError extends RequestError {
  override name = 'RegistrationError';
  declare readonly state: OpenEnum<['failed', 'action', 'wait']>;
  declare readonly reason: string | undefined;
  declare readonly action: string | undefined;
  declare readonly jobId: string | undefined;
  declare readonly result: unknown;
  constructor(message: string, init: RegistrationErrorInit) {
    const { secrets = [] } = init;
    super(scrub(message, secrets), init);
    this.state = init.state;
    this.reason = init.reason && scrub(init.reason, secrets);
    this.action = init.action && scrub(init.action, secrets);
    this.jobId = init.jobId;
    this.result = redactValue(init.result, secrets);
  }
}

/**
 * Schema creation did not finish: the ledger failed, wants an action, or asks to wait. `schemaId`
 * is the schema's id when the answer named one; `schemaRequest` the transaction an endorser must
 * sign (state `action`, `endorseIndyTransaction`), when the answer gave it.
 */
export class SchemaRegistrationError extends RegistrationError {
  override name = 'SchemaRegistrationError';
  declare readonly schemaId: string | undefined;
  declare readonly schemaRequest: unknown;
  constructor(
    message: string,
    init: RegistrationErrorInit & { schemaId?: string | undefined; schemaRequest?: unknown },
  ) {
    super(message, init);
    this.schemaId = init.schemaId;
    this.schemaRequest = redactValue(init.schemaRequest, init.secrets ?? []);
  }
}

/**
 * DID registration did not finish: the registrar answered `didState.state` other than `finished`
 * (`failed` with a `reason`, `action` with an `action`, `wait`). `result` is its answer; `did` the
 * DID it names (`didState.did`), when it names one.
 */
export class DidRegistrationError extends RegistrationError {
  override name = 'DidRegistrationError';
  declare readonly did: string | undefined;
  constructor(message: string, init: RegistrationErrorInit & { did?: string | undefined }) {
    super(message, init);
    this.did = init.did;
  }
}

/** True for any error thrown by the SDK, whichever copy of it (ESM, CJS, another realm) threw it. */
export function isAgentError(error: unknown): error is AgentError {
  return AgentError.is(error);
}

/** True for an error answer of the service, whichever copy of the SDK threw it. */
export function isApiError(error: unknown): error is ApiError {
  return ApiError.is(error);
}
