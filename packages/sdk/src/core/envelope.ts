import { isRecord } from './is-record.js';

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
