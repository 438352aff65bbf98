/** A bearer token and what is known about it. `expiresAt` is epoch milliseconds. */
export interface StoredToken {
  accessToken: string;
  tokenType: string;
  scope?: string | undefined;
  expiresAt?: number | undefined;
}

/**
 * Where the client keeps its token. Implement it to persist tokens (the CLI keeps one per profile
 * in a file readable by its owner only). Methods may be synchronous or return promises.
 */
export interface TokenStore {
  get(): StoredToken | undefined | Promise<StoredToken | undefined>;
  set(token: StoredToken): void | Promise<void>;
  clear(): void | Promise<void>;
}

/** Keeps the token in memory for the life of the client. The default store. */
export class MemoryTokenStore implements TokenStore {
  #token: StoredToken | undefined;
  constructor(initial?: StoredToken) {
    this.#token = initial;
  }
  get(): StoredToken | undefined {
    return this.#token;
  }
  set(token: StoredToken): void {
    this.#token = token;
  }
  clear(): void {
    this.#token = undefined;
  }
}

/** Seconds before the real expiry from which a token is treated as expired (clock skew, latency). */
export const EXPIRY_MARGIN_MS = 30_000;

/** True when the token's expiry is known and (nearly) reached. */
export function isExpired(token: StoredToken, now: number = Date.now()): boolean {
  return token.expiresAt !== undefined && now >= token.expiresAt - EXPIRY_MARGIN_MS;
}
