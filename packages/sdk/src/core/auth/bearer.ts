import { AuthenticationError, type AuthenticationFailure } from '../errors.js';
import { isExpired, platformToken, type TokenStore } from '../token-store.js';
import type { CallInit, Reauthenticate } from '../transport-types.js';

/** What the auth step adds to a request: its headers, and the values to scrub from anything shown. */
export interface Credential {
  headers: Record<string, string>;
  secrets: readonly string[];
}

/** What came back, as far as authentication is concerned. */
export interface Status {
  status: number;
}

const ANONYMOUS: Credential = { headers: {}, secrets: [] };

/**
 * The bearer-token step of the transport. It wraps the send of a call (as octokit's `hook.wrap`
 * does): it adds `Authorization: Bearer <token>`, refuses to send a token known to be expired,
 * clears the token after a 401 and, when the client holds credentials, signs in again and sends
 * once more. Another auth scheme (an agent's raw API key) is another implementation of `wrap`.
 */
export class BearerAuth {
  readonly #store: TokenStore;
  readonly #reauthenticate: Reauthenticate | undefined;
  #reauth: Promise<void> | undefined;

  constructor(store: TokenStore, reauthenticate: Reauthenticate | undefined) {
    this.#store = store;
    this.#reauthenticate = reauthenticate;
  }

  /** Runs `send` with the credential; answers a 401 by signing in again once, when it can. */
  async wrap<A extends Status>(call: CallInit, send: (credential: Credential) => Promise<A>): Promise<A> {
    if (call.auth === false) return send(ANONYMOUS);
    let token = await this.#token(call);
    let answer = await send(bearer(token));
    if (answer.status !== 401) return answer;
    await this.#clearIfCurrent(token);
    if (!this.#reauthenticate || call.signal?.aborted) return answer;
    token = await this.#token(call, true);
    answer = await send(bearer(token));
    if (answer.status === 401) await this.#clearIfCurrent(token);
    return answer;
  }

  /** Clears the stored token after a 401, unless another call has stored a newer one meanwhile. */
  async #clearIfCurrent(token: string): Promise<void> {
    if (platformToken(await this.#store.get())?.accessToken === token) await this.#store.clear();
  }

  async #token(call: CallInit, force = false): Promise<string> {
    const store = this.#store;
    let stored = force ? undefined : platformToken(await store.get());
    let reason: AuthenticationFailure | undefined;
    if (!stored) reason = 'missing-token';
    else if (isExpired(stored)) reason = 'expired-token';
    if (reason && this.#reauthenticate) {
      // The sign-in is part of the call: its signal and timeout govern it, as the agent key's exchange.
      this.#reauth ??= this.#reauthenticate({ signal: call.signal, timeout: call.timeout }).finally(() => {
        this.#reauth = undefined;
      });
      await this.#reauth;
      stored = platformToken(await store.get());
      reason = stored ? undefined : 'missing-token';
    }
    if (stored && !reason) return stored.accessToken;
    if (reason === 'expired-token' && platformToken(await store.get())) await store.clear();
    const message =
      reason === 'expired-token'
        ? 'The access token has expired; sign in again'
        : 'Not signed in: call auth.signIn() or give the client a token or credentials';
    throw new AuthenticationError(message, {
      status: 401,
      body: undefined,
      method: call.method,
      path: call.path,
      target: call.target,
      reason: reason ?? 'missing-token',
    });
  }
}

function bearer(token: string): Credential {
  return { headers: { authorization: `Bearer ${token}` }, secrets: [token] };
}
