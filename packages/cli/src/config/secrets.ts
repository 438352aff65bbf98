import { REDACTED, scrub } from '@credential-agent/sdk/redact';

/**
 * Secrets longer than this are matched by their URL forms only, not by a pattern of every encoding
 * of each character: a pattern's size, and the time it takes on text that nearly matches, grow with
 * the secret (V8 refuses one of a few thousand characters).
 */
const PATTERN_LIMIT = 128;

/**
 * Texts longer than this are scrubbed of the secrets' fixed forms only (the SDK's, and a URL's path
 * and query): the pattern's time on text built to nearly match a secret grows with both (about
 * 0.5 s for 256 KiB against three near-miss secrets of 128 characters), and it holds up signals.
 */
const PATTERN_TEXT_LIMIT = 256 * 1024;

/** The named HTML entities of the characters HTML escapers escape. */
const HTML_NAMED: Record<string, string> = {
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
  "'": 'apos',
  '€': 'euro',
};
// Latin-1's named entities, U+00A0 to U+00FF in order (PHP's `htmlentities` writes `ü` as `&uuml;`).
const LATIN1_NAMES =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
for (const [i, name] of LATIN1_NAMES.split(' ').entries()) HTML_NAMED[String.fromCharCode(0xa0 + i)] = name;

const literal = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** Hex digits of either case, as a pattern: `3[fF]`. */
const anyCase = (hex: string) =>
  [...hex].map((d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('');

/** A UTF-16 code unit as JSON escapes it: `\u00e4`, hex of either case. */
const jsonEscape = (unit: number) => `\\\\u${anyCase(unit.toString(16).padStart(4, '0'))}`;

/**
 * A pattern of one character of a secret as a server or a person may have written it: itself, its
 * UTF-8 bytes percent-encoded (hex of either case), those bytes read as Latin-1 (how `fetch` reads
 * a response header), an HTML entity (named, decimal or hex, as Python, Go, PHP, .NET and OWASP's
 * encoders write them), a JSON `\u` escape (Python's `ensure_ascii`, Go's HTML-safe JSON; a pair
 * for a character outside the BMP), `\/` (PHP, Java), `+` for a space (forms) and `/` for a
 * backslash (a URL's path).
 */
function characterForms(c: string): string {
  const bytes = Buffer.from(c, 'utf8');
  const code = c.codePointAt(0) ?? 0;
  const forms = [literal(c), [...bytes].map((b) => `%${anyCase(b.toString(16).padStart(2, '0'))}`).join('')];
  if (bytes.length > 1) forms.push(literal(bytes.toString('latin1')));
  if (c === ' ') forms.push('\\+');
  if (c === '\\') forms.push('/');
  if (c === '/') forms.push('\\\\/');
  const named = HTML_NAMED[c];
  if (named !== undefined) forms.push(`&${named};`);
  forms.push(`&#0*${code};`, `&#[xX]0*${anyCase(code.toString(16))};`);
  forms.push([...Array(c.length).keys()].map((i) => jsonEscape(c.charCodeAt(i))).join(''));
  return `(?:${forms.join('|')})`;
}

/**
 * The fixed forms of a secret besides the SDK's, for a secret or a text too long for the pattern:
 * as a URL's path and query write it, in either hex case, and its UTF-8 bytes read as Latin-1.
 */
function urlForms(secret: string): string[] {
  const url = new URL('http://h');
  url.pathname = secret;
  url.search = secret;
  const path = url.pathname.slice(1);
  const query = url.search.slice(1);
  const lower = (form: string) => form.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
  const latin1 = Buffer.from(secret, 'utf8').toString('latin1');
  return [path, query, query.replaceAll('%20', '+'), lower(path), lower(query), latin1];
}

/**
 * `text` with every match of each pattern replaced by `[REDACTED]`, matches that overlap (two
 * secrets, one ending where the other starts) replaced as one: each pattern is looked for at every
 * position, not only after the last match of another.
 */
function redactSpans(text: string, patterns: readonly RegExp[]): string {
  const spans: [number, number][] = [];
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      spans.push([match.index, match.index + match[0].length]);
      pattern.lastIndex = match.index + 1;
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  let current: [number, number] | undefined;
  const close = (span: [number, number]) => {
    out += `${text.slice(at, span[0])}${REDACTED}`;
    at = span[1];
  };
  for (const [start, end] of spans) {
    if (current && start < current[1]) current[1] = Math.max(current[1], end);
    else {
      if (current) close(current);
      current = [start, end];
    }
  }
  if (current) close(current);
  return out + text.slice(at);
}

/**
 * The secrets of one run (token, password, seed). Everything the CLI writes to stderr in verbose
 * mode and in error messages passes through {@link Secrets.scrub}, as a second line of defence
 * behind the SDK's own redaction (the same function, so the same forms of each secret are caught).
 */
export class Secrets {
  readonly #values = new Set<string>();
  /** What to scrub, longest first (so that a secret that starts another is not scrubbed inside it). */
  #sorted: { patterns: RegExp[]; forms: string[]; numbers: Set<number> } | undefined;

  /** Remembers a secret; values shorter than 4 characters are ignored (they would mask too much). */
  add(value: string | undefined): void {
    if (!value || value.length < 4 || this.#values.has(value)) return;
    this.#values.add(value);
    this.#sorted = undefined;
  }

  /**
   * `text` with every known secret replaced by the SDK's `[REDACTED]`: in each form the SDK knows
   * (JSON-escaped, `encodeURIComponent`, form encoding, hex, base64), and with any of its characters
   * written another way ({@link characterForms}: percent-encoded by a URL's path or by hand, HTML
   * entities, Latin-1), as the CLI prints URLs (`--verbose`, a request the service carried out),
   * headers (`api --include`) and what servers echo of them. Secrets that overlap in the text are
   * replaced as one. A text over 256 KiB gets the fixed forms only.
   */
  scrub(text: string): string {
    return this.#scrub(text, text.length <= PATTERN_TEXT_LIMIT);
  }

  #scrub(text: string, withPattern: boolean): string {
    if (this.#values.size === 0) return text;
    const { patterns, forms } = this.#compiled();
    return scrub(withPattern ? redactSpans(text, patterns) : text, forms);
  }

  #compiled(): { patterns: RegExp[]; forms: string[]; numbers: Set<number> } {
    if (this.#sorted) return this.#sorted;
    const values = [...this.#values].sort((a, b) => b.length - a.length);
    const short = values.filter((v) => v.length <= PATTERN_LIMIT);
    const patterns = short.map((v) => new RegExp([...v].map(characterForms).join(''), 'g'));
    const forms = [...new Set([...values, ...values.flatMap(urlForms)])].sort((a, b) => b.length - a.length);
    // A secret of digits comes back as a JSON number, rounded to a double past 15 digits.
    const numbers = new Set(values.filter((v) => /^\d+$/.test(v)).map(Number));
    this.#sorted = { patterns, forms, numbers };
    return this.#sorted;
  }

  /**
   * `data` with every string in it (keys included) scrubbed: for results a server may echo a secret
   * in. The pattern runs over 256 KiB of its strings in all (the fixed forms over the rest): the
   * time it takes holds up signals, and a body may hold many strings.
   */
  scrubData<T>(data: T): T {
    let budget = PATTERN_TEXT_LIMIT;
    const text = (value: string) => {
      const withPattern = value.length <= budget;
      if (withPattern) budget -= value.length;
      return this.#scrub(value, withPattern);
    };
    const walk = (value: unknown): unknown => {
      if (typeof value === 'string') return text(value);
      if (typeof value === 'number' || typeof value === 'bigint') {
        const shown = String(value);
        const secret = this.#values.size > 0 && this.#compiled().numbers.has(Number(value));
        return secret || text(shown) !== shown ? REDACTED : value;
      }
      if (Array.isArray(value)) return value.map(walk);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), walk(v)]));
    };
    return walk(data) as T;
  }
}
