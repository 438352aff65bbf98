import {
  type ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ApiError as BaseApiError,
  ConflictError,
  type FieldIssue,
  type FieldIssueCode,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
} from '../errors.js';
import { redactHeaders, redactValue, scrub } from '../redact.js';
import { isRecord } from '../validation/is-record.js';

/**
 * The kinds of problem the services' validation messages state, in their fixed wording: the
 * agent's (tsoa) 422 `details` and the gateway's (NestJS class-validator) 400 sentences. A type
 * named is what was expected; a field named as required was missing. Any other message is `custom`.
 */
const STATED: readonly [RegExp, FieldIssueCode][] = [
  [/ is required$/, 'invalid_type'],
  [/^invalid (\w+) value$|must be an? (string|number|integer|boolean|object|array)$/, 'invalid_type'],
  [/excess property|should not exist$/, 'unrecognized_keys'],
  [/one of the following/, 'invalid_value'],
  [/should not be empty$|must contain at least/, 'too_small'],
  [/must be an? (email|UUID|URL address)$/, 'invalid_format'],
];

/** A {@link FieldIssue} of what a service said about a field, with the kind of problem its words state. */
function statedIssue(path: string, message: string): FieldIssue {
  const [pattern, code] = STATED.find(([p]) => p.test(message)) ?? [/$/, 'custom'];
  const type = pattern.exec(message);
  const issue: FieldIssue = { path, message, code };
  if (code === 'invalid_type') {
    const expected = type?.[1] ?? type?.[2];
    if (expected) issue.expected = expected;
    else issue.received = 'undefined';
  }
  return issue;
}

/**
 * The field a gateway (NestJS class-validator) sentence names: `property colour should not exist`,
 * `each value in tags must be …`, or the sentence's first word (`credentialType is required`,
 * `credentialOffer.0.emailId must be an email`), written as the SDK writes paths
 * (`credentialOffer[0].emailId`). Empty when the sentence is in no form known.
 */
function sentenceField(message: string): string {
  const named =
    /^property (\S+) should not exist$/.exec(message) ??
    /^(?:each value in |all elements of )?([\w$]+(?:\.[\w$]+)*) (?:is |are |must |should |has |have )/.exec(
      message,
    );
  return named?.[1]?.replace(/\.(\d+)(?=\.|$)/g, '[$1]') ?? '';
}

/** A {@link FieldIssue} of a gateway's 400 sentence: the field it names, and the kind its words state. */
function sentenceIssue(message: string): FieldIssue {
  return statedIssue(sentenceField(message), message);
}

/** `details` of a 422 from the agent: `{ "schema.issuerId": { message } }`. */
function detailIssues(details: unknown): FieldIssue[] {
  if (!isRecord(details)) return [];
  return Object.entries(details).map(([path, v]) =>
    statedIssue(path, isRecord(v) && typeof v['message'] === 'string' ? v['message'] : String(v)),
  );
}

function textOf(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim()) return v.trim();
  if (Array.isArray(v)) {
    const parts = v.map((e) => (isRecord(e) ? reasonOf(e) : textOf(e))).filter(Boolean);
    return parts.length ? parts.join('; ') : undefined;
  }
  return undefined;
}

/**
 * The deepest body of a relay chain: the platform answers an agent failure with
 * `{ message: 'Something went wrong!', error: { message: 'Request failed…', error: <agent body> } }`.
 */
function innermost(body: Record<string, unknown>): Record<string, unknown> {
  let current = body;
  while (isRecord(current['error'])) current = current['error'];
  return current;
}

/** What one body says itself: `message` (string or array) with 422 `details`, or its `error` text. */
function ownText(body: Record<string, unknown>): string | undefined {
  const details = detailIssues(body['details']);
  const message =
    textOf(body['message']) ?? (Array.isArray(body['error']) ? undefined : textOf(body['error']));
  if (!details.length) return message;
  return `${message ?? 'Validation Failed'}: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`;
}

/** The innermost useful reason of a body, with the outer message kept when the two differ. */
function reasonOf(body: Record<string, unknown>): string | undefined {
  const outer = ownText(body);
  const deepest = innermost(body);
  const inner = deepest === body ? undefined : ownText(deepest);
  if (!inner) return outer;
  return outer && outer !== inner ? `${inner} (${outer})` : inner;
}

/**
 * The server's own words for an error body: `message` (string or array), 422 `details`, a batch's
 * `error` array, or a short plain-text body; for a failure relayed from the agent, the innermost
 * reason first. Undefined for an HTML page or a body without words.
 */
function serverWords(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    if (!text || /^<!doctype|^<html|<\/?[a-z][^>]*>/i.test(text)) return undefined;
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  }
  if (!isRecord(body)) return undefined;
  let message = reasonOf(body) ?? textOf(body['error']);
  if (message !== undefined && Array.isArray(body['error']) && textOf(body['message'])) {
    message += ` (${body['error'].length} failed: ${textOf(body['error'])})`;
  }
  return message;
}

/** The message of an error answer: the server's own words, or the status line when it gave none. */
export function errorMessage(status: number, statusText: string, body: unknown): string {
  return serverWords(body) ?? `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
}

/** Maps an error answer to its {@link ApiError} subclass; secrets are scrubbed from the message and body. */
export function errorFromResponse(
  init: Omit<ApiErrorInit, 'cause'> & { statusText: string; retryAfterMs: number | undefined },
  secrets: readonly (string | undefined)[],
): ApiError {
  // The body and headers are kept on the error, and logging the error prints them: secrets go
  // before anything is read from them, so a token cut in half by the message's length cap cannot
  // leave its first part behind.
  const body = redactValue(init.body, secrets);
  const words = serverWords(body);
  const serverMessage = words === undefined ? undefined : scrub(words, secrets);
  const message = serverMessage ?? errorMessage(init.status, init.statusText, undefined);
  const headers = init.headers && new Headers(redactHeaders(init.headers, secrets));
  const { status } = init;
  const { method, path, target } = init;
  const base: ApiErrorInit = { status, body, method, path, target, headers, serverMessage };
  if (status === 400 || status === 422) {
    const fieldErrors = isRecord(body)
      ? [
          ...detailIssues(innermost(body)['details']),
          ...(Array.isArray(body['message']) ? body['message'].map((m) => sentenceIssue(String(m))) : []),
        ]
      : [];
    return new BadRequestError(message, { ...base, fieldErrors });
  }
  if (status === 401) return new AuthenticationError(message, { ...base, reason: 'rejected' });
  if (status === 403) return new PermissionDeniedError(message, base);
  if (status === 404) return new NotFoundError(message, base);
  if (status === 409) return new ConflictError(message, base);
  if (status === 429) {
    const retryAfter = init.retryAfterMs === undefined ? undefined : init.retryAfterMs / 1000;
    return new RateLimitError(message, { ...base, retryAfter });
  }
  if (status >= 500) return new ServerError(message, base);
  return new BaseApiError(message, base);
}
