import * as z from 'zod';
import { fastCheck, fastParse } from '../models/fast-check.js';
import { listElement, validateList } from '../models/list.js';
import {
  type FieldIssue,
  type RequestTarget,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from './errors.js';

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

function toIssues(error: z.ZodError, prefix?: string): FieldIssue[] {
  const full = (path: string) => (prefix ? (path ? `${prefix}.${path}` : prefix) : path || '(body)');
  return error.issues.flatMap(expandUnions).flatMap((issue) => {
    const path = formatPath(issue.path);
    // An unknown field is named by its own path, as a misspelt field is what the caller must fix.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: full(path ? `${path}.${key}` : key),
        message: 'is not a known field',
      }));
    }
    return [{ path: full(path), message: issue.message }];
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
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, label?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(result.error, label);
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
export function parseResponse<S extends z.ZodType>(
  schema: S,
  body: unknown,
  info: RequestTarget & { status: number },
  deadline?: ParseDeadline,
): z.output<S> {
  const check = () => {
    if (deadline && Date.now() >= deadline.expiresAt) {
      const { method, path } = info;
      const { timeout } = deadline;
      throw new TimeoutError(`${method} /${path} timed out after ${timeout} ms`, { method, path, timeout });
    }
  };
  // Decoding the body could not be interrupted: what it took counts first.
  check();
  // A list that is the whole answer is validated here, in a loop that checks the clock.
  const element = Array.isArray(body) ? listElement(schema) : undefined;
  if (element) {
    const { value, issues } = validateList(element, body as unknown[], check);
    if (!issues.length) return value as z.output<S>;
    const error = new z.ZodError(issues as z.core.$ZodIssue[]);
    throw responseError(info, toIssues(error), body, error);
  }
  const fast = fastCheck(schema);
  const passed = fast && fastParse(fast, body);
  if (passed) return passed.value as z.output<S>;
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw responseError(info, toIssues(result.error), body, result.error);
}

/** The error for a 2xx answer that lacks what the call promises (`issues` name the fields). */
export function responseError(
  info: RequestTarget & { status: number },
  issues: FieldIssue[],
  body: unknown,
  cause?: unknown,
): ResponseValidationError {
  return new ResponseValidationError(
    `Unexpected response from ${info.method} /${info.path} (HTTP ${info.status}): ${describe(issues)}`,
    { ...info, issues, body, cause },
  );
}
