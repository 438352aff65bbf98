/**
 * Field names whose values are secrets, wherever they appear in a body. `isPasskey` and
 * `token_type` are not secrets and stay readable.
 */
const SECRET_KEY =
  /passw(or)?d|^pass$|token(?!_?type)|secret|seed|private_?key|authorization|api_?key|cookie/i;

/** The text that replaces a secret. */
export const REDACTED = '[REDACTED]';

/**
 * A deep copy of `value` with every secret-named field replaced by {@link REDACTED}, and each of
 * `secrets` scrubbed from the strings (a server may echo a token inside a message).
 */
export function redactValue(value: unknown, secrets: readonly (string | undefined)[] = []): unknown {
  if (typeof value === 'string') return scrub(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(v, secrets);
    }
    return out;
  }
  return value;
}

/**
 * Headers as a plain object: secret-named headers (`Authorization`, cookies) redacted, and each of
 * `secrets` scrubbed from the others (a server may echo a token in any header).
 */
export function redactHeaders(
  headers: Headers,
  secrets: readonly (string | undefined)[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => {
    out[k] = SECRET_KEY.test(k) ? REDACTED : scrub(v, secrets);
  });
  return out;
}

/** Replaces each given secret (token, password) wherever it occurs in `text`. */
export function scrub(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}
