import { EmailNotSentError } from '../errors.js';
import type { Accepted } from '../transport-types.js';

/**
 * Throws {@link EmailNotSentError} when a 2xx answer to an e-mail offer says the e-mails were not
 * sent: `success: false`, `data: false`, or a non-empty `error` array (per-e-mail failures, whatever
 * the status). The rows are certainly not sent only when that array names every e-mail of the
 * request; otherwise some may have gone out and the error is in doubt.
 */
export function acceptEmailAnswer(
  emails: readonly string[],
  data: { success?: boolean | undefined; data: unknown },
  answer: Accepted,
): void {
  const failures: unknown = Reflect.get(data, 'error');
  const listed = Array.isArray(failures) ? failures : [];
  if (data.success !== false && data.data !== false && listed.length === 0) return;
  const named = new Set(listed.flatMap(emailsNamed));
  const inDoubt = !(emails.length > 0 && emails.every((e) => named.has(e.toLowerCase())));
  const said = Reflect.get(data, 'message');
  const reason = typeof said === 'string' && said ? said : 'the answer says the e-mails were not sent';
  const outcome = inDoubt ? 'some e-mails may have been sent' : 'no e-mail was sent';
  const { method, path, target, status } = answer;
  throw new EmailNotSentError(`${reason} (${status}; ${outcome})`, {
    method,
    path,
    target,
    status,
    inDoubt,
    failures: listed,
    body: data,
    secrets: answer.secrets,
  });
}

/** The lower-cased e-mail addresses a per-e-mail failure names (in any of its string fields). */
function emailsNamed(failure: unknown): string[] {
  if (typeof failure === 'string') return [failure.toLowerCase()];
  if (typeof failure !== 'object' || failure === null) return [];
  return Object.values(failure)
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.toLowerCase());
}
