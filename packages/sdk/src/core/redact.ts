/**
 * Field names whose values are secrets, wherever they appear in a body. `isPasskey` and
 * `token_type` are not secrets and stay readable.
 */
const SECRET_KEY =
  /passw(or)?d|^pass$|token(?!_?type)|secret|seed|private_?key|authorization|api[-_]?key|cookie/i;

/** The text that replaces a secret. */
export const REDACTED = '[REDACTED]';

/** Nesting kept by {@link redactValue}; deeper values become `TOO_DEEP`. */
export const MAX_DEPTH = 64;

/** What replaces a value nested deeper than `MAX_DEPTH`. */
export const TOO_DEEP = '[TOO DEEP]';

/**
 * A deep copy of `value` with every secret-named field replaced by {@link REDACTED}, and each of
 * `secrets` scrubbed from the strings and the keys (a server may echo a token inside a message). Values nested
 * deeper than `MAX_DEPTH` are replaced by `TOO_DEEP`, so a hostile body a hundred
 * thousand levels deep costs no stack, and what reaches an error or a hook can be printed.
 */
export function redactValue(
  value: unknown,
  secrets: readonly (string | undefined)[] = [],
  depth = 0,
): unknown {
  if (typeof value === 'string') return scrub(value, secrets);
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // A key is scrubbed too: a server may echo a token as one (`{ details: { <token>: … } }`).
    out[scrub(key, secrets)] = SECRET_KEY.test(key) ? REDACTED : redactValue(v, secrets, depth + 1);
  }
  return out;
}

/**
 * Query fields whose values are credentials in a URL though the name means something else in a body
 * (an OAuth callback's one-time `code`, a signed URL's signature), besides the secret-named ones.
 */
const SECRET_QUERY_FIELD = /^(code|sig|signature|x-amz-signature|x-amz-credential|x-goog-signature)$/i;

/** Headers whose value is a URL, shown with its query's credentials redacted. */
const URL_HEADER = /^(content-)?location$/i;

/**
 * `url` with the value of every credential field of its query (secret-named, or one of
 * `SECRET_QUERY_FIELD`) replaced by {@link REDACTED}; the rest is kept as written. Used for URLs a
 * server names (a redirect's `location`), which may carry someone's one-time code.
 */
export const redactUrlQuery = (url: string): string =>
  url.replace(/([?&])([^=&#]*)=[^&#]*/g, (field, separator: string, name: string) =>
    SECRET_KEY.test(name) || SECRET_QUERY_FIELD.test(name) ? `${separator}${name}=${REDACTED}` : field,
  );

/**
 * Headers as a plain object: secret-named headers (`Authorization`, cookies) redacted, each of
 * `secrets` scrubbed from the others (a server may echo a token in any header), and the credential
 * parameters (`sig`, `token`, ...) of the query of a `location` redacted as `redactUrlQuery` does.
 */
export function redactHeaders(
  headers: Headers,
  secrets: readonly (string | undefined)[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((v, k) => {
    if (SECRET_KEY.test(k)) out[k] = REDACTED;
    else out[k] = scrub(URL_HEADER.test(k) ? redactUrlQuery(v) : v, secrets);
  });
  return out;
}

/**
 * The values of secret-named fields a caller adds to a request (headers such as `x-api-key` or
 * `Authorization: Bearer …`, query fields such as `api_key`), with and without an auth scheme, so
 * they are scrubbed by value wherever a server repeats them.
 */
export function namedSecrets(fields: Readonly<Record<string, string | undefined>> | undefined): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (typeof value === 'string' && SECRET_KEY.test(name)) out.push(value, value.replace(/^\S+\s+/, ''));
  }
  return out;
}

/**
 * Replaces each given secret (token, password, API key) wherever it occurs in `text`, in any of
 * the forms a server may echo it in (JSON-escaped, percent-encoded, base64). Secrets shorter than 4 characters
 * are left alone: they would mask too much.
 */
export function scrub(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) for (const form of secretForms(s)) out = out.split(form).join(REDACTED);
  }
  return out;
}

/** The HTML entities a page echoing a secret may use. */
const HTML: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' };

const formsCache = new Map<string, readonly string[]>();

/**
 * The forms of `secret` a server may echo back, longest first: as given, JSON-escaped (once, as
 * in a request body it repeats, and twice, as in that body quoted inside a JSON message),
 * percent-encoded (`encodeURIComponent` and form encoding, in either case), HTML-escaped, in hex
 * (of the UTF-8 bytes, either case), and in base64 and base64url, also
 * inside a longer encoded text (`user:password` in Basic auth, a token in an encoded blob): at each
 * of the three byte offsets the characters that depend on the secret alone.
 */
export function secretForms(secret: string): readonly string[] {
  const cached = formsCache.get(secret);
  if (cached) return cached;
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [secret, json, JSON.stringify(json).slice(1, -1)];
  const bytes = new TextEncoder().encode(secret);
  for (const base64 of embeddedBase64(bytes)) {
    forms.push(base64, base64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const html = secret.replace(/[&<>"']/g, (c) => `&${HTML[c]};`);
  forms.push(hex, hex.toUpperCase(), html);
  try {
    for (const url of [encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]) {
      forms.push(
        url,
        url.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
      );
    }
  } catch {
    // A lone surrogate cannot be percent-encoded, so it cannot be echoed that way either.
  }
  const unique = [...new Set(forms)].filter((f) => f.length >= 4).sort((a, b) => b.length - a.length);
  if (formsCache.size >= 64) formsCache.clear();
  formsCache.set(secret, unique);
  return unique;
}

/**
 * The base64 of `bytes` on its own (padded and not), and as it shows inside a longer base64 text
 * when it starts 0, 1 or 2 bytes into a 3-byte group: the characters that mix in a neighbouring
 * byte (2 at the start for offset 1, 3 for offset 2, 1 at the end unless the group is full) are
 * left out, and what remains occurs in every such encoding.
 */
function embeddedBase64(bytes: Uint8Array): string[] {
  const out = [toBase64(bytes)];
  for (const offset of [0, 1, 2]) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    const text = toBase64(shifted).replace(/=+$/, '');
    const end = shifted.length % 3 === 0 ? text.length : text.length - 1;
    out.push(text.slice([0, 2, 3][offset], end));
  }
  return out;
}

/** The base64 of `bytes` (padded). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * `thrown` made safe to keep as an error's `cause` (`util.inspect` prints causes, their own
 * properties and an AggregateError's `errors`): a plain copy with the same name, message, stack and
 * own properties, its `cause` chain and `errors` copied the same way (`MAX_DEPTH` deep at most), every secret
 * scrubbed and secret-named fields (an `Authorization` header in `config.headers`) redacted.
 */
export function scrubCause(thrown: unknown, secrets: readonly (string | undefined)[], depth = 0): unknown {
  type Thrown = { name?: unknown; message?: unknown; stack?: unknown; cause?: unknown; errors?: unknown };
  const e = thrown as Thrown | undefined;
  if (typeof e?.message !== 'string' || depth >= MAX_DEPTH) return redactValue(thrown, secrets, depth);
  const { name, message, stack } = e;
  const safe: Thrown = Object.assign(
    new Error(),
    redactValue({ ...e, name, message, stack }, secrets, depth),
  );
  if ('cause' in e) safe.cause = scrubCause(e.cause, secrets, depth + 1);
  if (Array.isArray(e.errors)) safe.errors = e.errors.map((x) => scrubCause(x, secrets, depth + 1));
  return safe;
}
