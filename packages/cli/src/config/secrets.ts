import { scrub } from '@credential-agent/sdk/redact';

const REDACTED = '[REDACTED]';

/** A hex digit of either case, as a character class. */
const hexDigit = (digit: string) =>
  /[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit;

/**
 * A pattern matching `secret` with any of its characters as itself or percent-encoded (its UTF-8
 * bytes, hex of either case), and a space also as `+`.
 */
function encodedAnyhow(secret: string): string {
  return [...secret]
    .map((c) => {
      const bytes = [...Buffer.from(c, 'utf8')].map(
        (b) => `%${[...b.toString(16).padStart(2, '0')].map(hexDigit).join('')}`,
      );
      const itself = c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
      return `(?:${itself}|${bytes.join('')}${c === ' ' ? '|\\+' : ''})`;
    })
    .join('');
}

/**
 * The secrets of one run (token, password, seed). Everything the CLI writes to stderr in verbose
 * mode and in error messages passes through {@link Secrets.scrub}, as a second line of defence
 * behind the SDK's own redaction (the same function, so the same forms of each secret are caught).
 */
export class Secrets {
  readonly #values = new Set<string>();

  /** Each secret, matched with any of its characters percent-encoded (see {@link encodedAnyhow}). */
  #encoded: RegExp | undefined;

  /** Remembers a secret; values shorter than 4 characters are ignored (they would mask too much). */
  add(value: string | undefined): void {
    if (!value || value.length < 4 || this.#values.has(value)) return;
    this.#values.add(value);
    this.#encoded = undefined;
  }

  /**
   * `text` with every known secret replaced by the SDK's `[REDACTED]`: in each form the SDK knows,
   * and percent-encoded any way at all (a URL's path and query encode fewer characters than the
   * SDK's forms do, a person types lower-case hex or encodes a few characters by hand, a form
   * writes `+` for a space), as the CLI prints URLs (`--verbose`, a request the service carried out)
   * and what servers echo of them.
   */
  scrub(text: string): string {
    const scrubbed = scrub(text, [...this.#values]);
    if (this.#values.size === 0 || (!scrubbed.includes('%') && !scrubbed.includes('+'))) return scrubbed;
    this.#encoded ??= new RegExp([...this.#values].map(encodedAnyhow).join('|'), 'g');
    return scrubbed.replace(this.#encoded, REDACTED);
  }

  /** `data` with every string in it (keys included) scrubbed: for results a server may echo a secret in. */
  scrubData<T>(data: T): T {
    const walk = (value: unknown): unknown => {
      if (typeof value === 'string') return this.scrub(value);
      if (Array.isArray(value)) return value.map(walk);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.scrub(k), walk(v)]));
    };
    return walk(data) as T;
  }
}
