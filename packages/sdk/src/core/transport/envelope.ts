import { OperationFailedError } from '../errors.js';
import type { Accepted } from '../transport-types.js';
import { isRecord } from '../validation/is-record.js';

/**
 * Throws {@link OperationFailedError} when an `/orgs` envelope answer says `success: false`
 * (HTTP 200 with the failure in the body). Run by the transport on every `/orgs` call, after the
 * call's own `accept` (the e-mail offer's {@link EmailNotSentError} comes first).
 */
export function acceptOrgEnvelope(data: unknown, answer: Accepted): void {
  if (!isRecord(data) || data['success'] !== false) return;
  const said = data['message'];
  const code = data['statusCode'];
  const statusCode = typeof code === 'number' ? code : undefined;
  const reason = typeof said === 'string' && said.trim() ? said : 'the answer says the request failed';
  const { method, path, target, status, secrets } = answer;
  const codeText = statusCode === undefined ? '' : `, statusCode ${statusCode}`;
  throw new OperationFailedError(`${reason} (success: false in an HTTP ${status} answer${codeText})`, {
    method,
    path,
    target,
    status,
    statusCode,
    body: data,
    secrets,
  });
}

/**
 * Real gateways wrap bodies in `{ statusCode, message, data }` (sometimes with `success`). Endpoints
 * whose spec answer is not an envelope get `data` back, so callers never notice the wrapper.
 */
export function unwrapEnvelope(body: unknown): unknown {
  if (isRecord(body) && 'data' in body && typeof body['statusCode'] === 'number') {
    if ('message' in body || 'success' in body) return body['data'];
  }
  return body;
}

/** Parses a body as JSON when it looks like JSON; otherwise returns the text (HTML, plain text). */
export function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{"]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
