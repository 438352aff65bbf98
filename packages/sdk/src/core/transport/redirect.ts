import type { RequestTarget } from '../errors.js';
import { RedirectError } from '../protocol-errors.js';
import { redactUrlQuery, scrub } from '../redact.js';

/** `location` resolved against the request URL, without userinfo; `undefined` when unusable. */
function resolve(location: string | null, requestUrl: string): URL | undefined {
  if (!location) return undefined;
  try {
    const url = new URL(location, requestUrl);
    url.username = '';
    url.password = '';
    return url;
  } catch {
    return undefined;
  }
}

/** True when `url` (an answer's URL) is not on the base URL's origin. */
export function isForeign(url: string, baseUrl: string): boolean {
  try {
    return url !== '' && new URL(url).origin !== new URL(baseUrl).origin;
  } catch {
    return true;
  }
}

/**
 * The error for a redirect, naming where it pointed. When it points to the same path on https,
 * the message says which base URL to use instead.
 */
export function redirectError(
  info: RequestTarget,
  answer: { status: number; location: string | null; followed: boolean },
  urls: { request: string; base: string },
  secrets: readonly (string | undefined)[],
): RedirectError {
  const target = resolve(answer.location, urls.request);
  const shown = target && redactUrlQuery(target.href);
  const where = `${info.method} /${info.path}`;
  // A followed redirect's status is that of the other origin's answer, not of the redirect.
  const status = answer.status && !answer.followed ? ` (HTTP ${answer.status})` : '';
  let message = target
    ? `${where} was redirected${status} to ${shown}`
    : `${where} was redirected${status} without saying where`;
  message += answer.followed
    ? '; the fetch given to the client followed it, so the request may have been sent there, and its answer was not used'
    : '; redirects are not followed, so nothing was sent there';
  const request = new URL(urls.request);
  if (
    target &&
    target.protocol === 'https:' &&
    request.protocol === 'http:' &&
    target.pathname === request.pathname
  ) {
    const base = new URL(urls.base);
    message += `. The service has moved to https: update your base URL to ${target.origin}${base.pathname.replace(/\/+$/, '')}`;
  }
  return new RedirectError(scrub(message, secrets), {
    ...info,
    status: answer.status,
    location: shown && scrub(shown, secrets),
  });
}
