import { scrub } from '@credential-agent/sdk/redact';

/**
 * The secrets of one run (token, password, seed). Everything the CLI writes to stderr in verbose
 * mode and in error messages passes through {@link Secrets.scrub}, as a second line of defence
 * behind the SDK's own redaction (the same function, so the same forms of each secret are caught).
 */
export class Secrets {
  readonly #values = new Set<string>();

  /**
   * Remembers a secret; values shorter than 4 characters are ignored (they would mask too much).
   * It is also kept as a URL's path and query write it: they percent-encode fewer characters than
   * the SDK's forms (`encodeURIComponent`, form encoding) do, and the CLI prints URLs (`--verbose`,
   * a request the service carried out).
   */
  add(value: string | undefined): void {
    if (!value || value.length < 4) return;
    this.#values.add(value);
    const url = new URL('http://h');
    url.pathname = value;
    url.search = value;
    for (const form of [url.pathname.slice(1), url.search.slice(1)])
      if (form.length >= 4) this.#values.add(form);
  }

  /** `text` with every known secret (in each form the SDK knows) replaced by the SDK's `[REDACTED]`. */
  scrub(text: string): string {
    return scrub(text, [...this.#values]);
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
