import * as z from 'zod/mini';
import { $ZodError } from 'zod/v4/core';
import { fastCheck, fastParse } from '../../models/fast-check.js';
import { listElement, validateList } from '../../models/list.js';
import {
  AbortError,
  type FieldIssue,
  type FieldIssueCode,
  type RequestTarget,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from '../errors.js';
import { redactValue, scrub, scrubCause } from '../redact.js';
import { Deadline } from '../transport/deadline.js';

/** Formats a zod issue path as `credentialOffer[0].emailId`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

type ZodIssue = z.core.$ZodIssue;

/** How close a union branch came to matching: fewer issues first, then the deepest path. */
function closeness(issues: readonly ZodIssue[]): number {
  const depth = Math.max(0, ...issues.map((i) => i.path.length));
  return -issues.length * 1000 + depth;
}

/**
 * A failed union reports only "Invalid input" at the union's own path; replace it with the issues
 * of the branch that came closest, so the caller learns which field is wrong.
 */
function expandUnions(issue: ZodIssue): ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const best = issue.errors.reduce((a, b) => (closeness(b) > closeness(a) ? b : a));
  return best.flatMap((inner) => expandUnions({ ...inner, path: [...issue.path, ...inner.path] }));
}

/**
 * zod's issue code folded into a {@link FieldIssueCode}: a number off its step, a bad key or
 * element of a record or set, and a union left with no branch to name are `invalid_value`.
 */
function codeOf(code: string): FieldIssueCode {
  if (/^(invalid_(type|value|format)|too_(small|big)|custom)$/.test(code)) return code as FieldIssueCode;
  return /^(not_multiple_of|invalid_)/.test(code) ? 'invalid_value' : 'custom';
}

/** The type name of a value, as zod's messages give it (`null`, `array`, `number`, …); never the value. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

/** The value at `path` in `value` (own data properties only: no getter runs), or undefined. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Object.getOwnPropertyDescriptor(current, key)?.value;
  }
  return current;
}

/** What a zod issue says was expected: a type, the allowed values, a format, a bound. */
function expectedOf(issue: ZodIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected;
    case 'invalid_value':
      return issue.values.map(String).join('|');
    case 'invalid_format':
      return issue.format;
    case 'too_small':
      return `${issue.inclusive === false ? '>' : '>='}${issue.minimum}`;
    case 'too_big':
      return `${issue.inclusive === false ? '<' : '<='}${issue.maximum}`;
    default:
      return undefined;
  }
}

/** A {@link FieldIssue} of a zod issue: its code, and what was expected and received where known. */
function fieldIssue(issue: ZodIssue, path: string, input: unknown): FieldIssue {
  const out: FieldIssue = { path, message: issue.message, code: codeOf(issue.code) };
  const expected = expectedOf(issue);
  if (expected !== undefined) out.expected = expected;
  if (issue.code === 'invalid_type') out.received = typeName(valueAt(input, issue.path));
  return out;
}

function toIssues(error: $ZodError, input: unknown, prefix?: string): FieldIssue[] {
  const full = (path: string) => (prefix ? (path ? `${prefix}.${path}` : prefix) : path || '(body)');
  return error.issues.flatMap(expandUnions).flatMap((issue): FieldIssue[] => {
    const path = formatPath(issue.path);
    // An unknown field is named by its own path, as a misspelt field is what the caller must fix.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: full(path ? `${path}.${key}` : key),
        message: 'is not a known field',
        code: 'unrecognized_keys',
      }));
    }
    return [fieldIssue(issue, full(path), input)];
  });
}

function describe(issues: FieldIssue[]): string {
  const shown = issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`);
  if (issues.length > 5) shown.push(`and ${issues.length - 5} more`);
  return shown.join('; ');
}

/**
 * Validates our own input before anything is sent.
 * @param label names the value in messages (e.g. `orgId`), or is left out for a request body.
 * @throws {@link RequestValidationError} naming each field and what is wrong with it.
 */
export function parseRequest<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  label?: string,
): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issues = toIssues(result.error, value, label);
  throw new RequestValidationError(`Invalid request: ${describe(issues)}`, issues, { cause: result.error });
}

/** When the attempt that got an answer runs out of time (ms since the epoch), and its timeout. */
export interface ParseDeadline {
  expiresAt: number;
  timeout: number;
}

/**
 * Validates what the service answered. The clock is read first (decoding the body may have used
 * up the attempt's time) and then every few hundred elements of a list that is the whole answer, so a validation that outlasts the
 * attempt's deadline ends then, though no timer can fire while it runs.
 * @throws {@link ResponseValidationError} carrying the raw body and the issue paths.
 * @throws {@link TimeoutError} once `deadline` has passed.
 */
export function parseResponse<S extends z.core.$ZodType>(
  schema: S,
  body: unknown,
  info: RequestTarget & { status: number; secrets?: readonly (string | undefined)[] },
  deadline?: ParseDeadline,
): z.output<S> {
  const check = () => {
    if (deadline && Date.now() >= deadline.expiresAt) throw timeoutError(info, deadline.timeout);
  };
  // Decoding the body could not be interrupted: what it took counts first.
  check();
  // A list that is the whole answer is validated here, in a loop that checks the clock.
  const element = Array.isArray(body) ? listElement(schema) : undefined;
  if (element) {
    const { value, issues } = validateList(element, body as unknown[], { check, owned: true });
    if (!issues.length) return value as z.output<S>;
    const error = new $ZodError(issues as z.core.$ZodIssue[]);
    throw responseError(info, toIssues(error, body), body, error);
  }
  const fast = fastCheck(schema);
  const passed = fast && fastParse(fast, body);
  if (passed) return passed.value as z.output<S>;
  const result = z.safeParse(schema, body);
  if (result.success) return result.data;
  throw responseError(info, toIssues(result.error, body), body, result.error);
}

/**
 * {@link parseResponse} for a caller's own schema (`client.request()`), which may hold refinements
 * or transforms, sync or async, and may come from another copy of zod. A schema the fast path
 * reads whole has none: it is parsed as the SDK's own are, its lists under the deadline. Any other
 * is parsed once with zod's async parse (its sync parse would start an async refinement and drop
 * its promise), which must settle before the attempt's deadline and the caller's `signal`; what
 * the schema's own code throws is a {@link ResponseValidationError} whose `cause` it is.
 * @throws {@link ResponseValidationError}, {@link TimeoutError} or {@link AbortError}.
 */
export async function parseCallerResponse<S extends z.core.$ZodType>(
  schema: S,
  body: unknown,
  info: RequestTarget & { status: number; secrets?: readonly (string | undefined)[] },
  deadline?: ParseDeadline,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  // The schema's own code may quote the body, token and all: what it throws is scrubbed as zod's
  // issues are, and whatever it is (a Proxy, a Symbol, an error posing as the SDK's) it becomes
  // the SDK's error. Only the errors this module made pass as they are.
  const secrets = info.secrets ?? [];
  const threw = (error: unknown) => {
    if (made.has(error as object)) return error;
    let cause: unknown;
    try {
      cause = typeof error === 'symbol' ? scrub(String(error), secrets) : scrubCause(error, secrets);
    } catch {
      // Not even readable (a revoked Proxy): no cause.
    }
    return responseError(info, [schemaThrew], body, cause);
  };
  const overdue = () => deadline !== undefined && Date.now() >= deadline.expiresAt;
  try {
    if (fastCheck(schema)) return parseResponse(schema, body, info, deadline);
  } catch (error) {
    throw threw(error);
  }
  if (overdue()) throw timeoutError(info, deadline?.timeout ?? 0);
  const limit = new Deadline(signal, deadline ? Math.max(0, deadline.expiresAt - Date.now()) : false);
  let result: z.core.util.SafeParseResult<z.output<S>>;
  try {
    const parsing = z.safeParseAsync(schema, body);
    // Handled here or, once the limit has passed, dropped: never an unhandled rejection.
    parsing.catch(() => undefined);
    result = await limit.race(parsing);
  } catch (error) {
    if (limit.timedOut) throw timeoutError(info, deadline?.timeout ?? 0);
    const { method, path, target } = info;
    if (signal?.aborted)
      throw new AbortError(`${method} /${path} was aborted`, { method, path, target, cause: signal.reason });
    throw threw(error);
  } finally {
    limit.dispose();
  }
  // A schema whose checks are all sync ran in one go, past any timer: late is a timeout still.
  if (overdue()) throw timeoutError(info, deadline?.timeout ?? 0);
  if (result.success) return result.data;
  let invalid: unknown;
  try {
    // The issues are the schema's own: one it made up may not be readable as zod's.
    invalid = responseError(info, toIssues(result.error, body), body, result.error);
  } catch (error) {
    invalid = threw(error);
  }
  throw invalid;
}

const schemaThrew: FieldIssue = {
  path: '',
  message: "the schema's own code threw (see cause)",
  code: 'custom',
};

/** The errors this module made, told apart from what a caller's schema throws by identity alone. */
const made = new WeakSet<object>();

function timeoutError(info: RequestTarget, timeout: number): TimeoutError {
  const { method, path, target } = info;
  const error = new TimeoutError(`${method} /${path} timed out after ${timeout} ms`, {
    method,
    path,
    target,
    timeout,
  });
  made.add(error);
  return error;
}

/** The error for a 2xx answer that lacks what the call promises (`issues` name the fields). */
export function responseError(
  info: RequestTarget & { status: number; secrets?: readonly (string | undefined)[] },
  issues: FieldIssue[],
  body: unknown,
  cause?: unknown,
): ResponseValidationError {
  // zod's issues quote the body (a key, a path, a message may echo the token): scrubbed too.
  const { secrets = [] } = info;
  const scrubbed =
    cause instanceof $ZodError && secrets.length
      ? new $ZodError(redactValue(cause.issues, secrets) as z.core.$ZodIssue[])
      : cause;
  const error = new ResponseValidationError(
    `Unexpected response from ${info.method} /${info.path} (HTTP ${info.status}): ${describe(issues)}`,
    { ...info, issues, body, cause: scrubbed },
  );
  made.add(error);
  return error;
}
