/** A bearer token and what is known about it. `expiresAt` is epoch milliseconds. */
export interface StoredToken {
  accessToken: string;
  tokenType: string;
  scope?: string | undefined;
  expiresAt?: number | undefined;
  /**
   * When the token was issued, epoch milliseconds (set by `auth.signIn`). With `expiresAt` it gives
   * the token's lifetime, which bounds the expiry margin of a short-lived token.
   */
  issuedAt?: number | undefined;
  /**
   * Set on a token the SDK got from an agent controller (line 2.1, `POST /agent/token`): the agent
   * base URL (normalised: origin and path, no trailing slash) and the tenant it was issued for. The
   * agent's auth step sends a stored token only to that agent and tenant; the platform's bearer
   * auth never sends a token that has it, so one store object can serve both without mixing them.
   */
  agent?: AgentBinding | undefined;
}

/** The agent URL and tenant an agent token was issued for (see {@link StoredToken.agent}). */
export interface AgentBinding {
  url: string;
  tenantId?: string | undefined;
}

/** The platform's token `stored`, if it is one (not an agent's token). */
export function platformToken(stored: StoredToken | undefined): StoredToken | undefined {
  return stored?.agent === undefined ? stored : undefined;
}

/**
 * Where the client keeps its token. Implement it to persist tokens (the CLI keeps one per profile
 * in a file readable by its owner only). Methods may be synchronous or return promises.
 */
export interface TokenStore {
  /** The stored token, if any. */
  get(): StoredToken | undefined | Promise<StoredToken | undefined>;
  /** Stores a token, replacing the previous one. */
  set(token: StoredToken): void | Promise<void>;
  /** Forgets the token (after a 401, or on sign-out). */
  clear(): void | Promise<void>;
}

/** Keeps the token in memory for the life of the client. The default store. */
export class MemoryTokenStore implements TokenStore {
  #token: StoredToken | undefined;
  constructor(initial?: StoredToken) {
    this.#token = initial;
  }
  /** The stored token, if any. */
  get(): StoredToken | undefined {
    return this.#token;
  }
  /** Stores a token, replacing the previous one. */
  set(token: StoredToken): void {
    this.#token = token;
  }
  /** Forgets the token. */
  clear(): void {
    this.#token = undefined;
  }
}

/**
 * Milliseconds before the real expiry from which a token is treated as expired (clock skew,
 * latency); a token whose lifetime is known gets at most a tenth of it, so one that lives 10 s is
 * usable for 9 s, not expired on arrival.
 */
export const EXPIRY_MARGIN_MS = 30_000;

/**
 * When a token that lives `seconds` more expires, in epoch milliseconds; undefined (no expiry) when
 * `seconds` is, and past the largest date a Date holds, as for a "never expires" sentinel such as 1e20.
 */
export function expiryIn(seconds: number | undefined, now: number = Date.now()): number | undefined {
  if (seconds === undefined) return undefined;
  const at = now + seconds * 1000;
  return at <= 8.64e15 ? at : undefined;
}

/**
 * True when the token's expiry is known and (nearly) reached: within `EXPIRY_MARGIN_MS` (30 s) of
 * it, or within a tenth of its lifetime when that is shorter (`issuedAt` known).
 */
export function isExpired(token: StoredToken, now: number = Date.now()): boolean {
  const { expiresAt, issuedAt } = token;
  if (expiresAt === undefined) return false;
  const lifetime = issuedAt === undefined ? Number.POSITIVE_INFINITY : expiresAt - issuedAt;
  const margin = lifetime >= 0 ? Math.min(EXPIRY_MARGIN_MS, lifetime / 10) : EXPIRY_MARGIN_MS;
  return now >= expiresAt - margin;
}

/** The token `store` holds now, if any, to scrub from what is shown; a store that fails gives none. */
export async function heldToken(store: TokenStore): Promise<string | undefined> {
  return (
    await Promise.resolve()
      .then(() => store.get())
      .catch(() => undefined)
  )?.accessToken;
}

/** An agent's API key and how it is sent: `raw` (`Authorization: <key>`) or `bearer`. */
export interface ApiKey {
  key: string;
  scheme: 'raw' | 'bearer';
}
