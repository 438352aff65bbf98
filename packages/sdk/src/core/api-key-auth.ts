import type { Credential, Status } from './bearer.js';
import type { CallInit } from './transport-types.js';

/** The auth step of a transport: wraps each send with the credential it adds. */
export interface AuthStep {
  wrap<A extends Status>(call: CallInit, send: (credential: Credential) => Promise<A>): Promise<A>;
}

/** An agent's API key and how it is sent: `raw` (`Authorization: <key>`) or `bearer`. */
export interface ApiKey {
  key: string;
  scheme: 'raw' | 'bearer';
}

/**
 * The auth step of a real agent controller: a fixed API key, which it wants raw
 * (`Authorization: <key>`; `Bearer <key>` is refused). A 401 is final: there is no token to clear
 * and nothing to sign in again with.
 */
export class ApiKeyAuth implements AuthStep {
  readonly #credential: Credential;

  constructor(apiKey: ApiKey) {
    const value = apiKey.scheme === 'raw' ? apiKey.key : `Bearer ${apiKey.key}`;
    this.#credential = { headers: { authorization: value }, secrets: [apiKey.key] };
  }

  wrap<A extends Status>(call: CallInit, send: (credential: Credential) => Promise<A>): Promise<A> {
    return send(call.auth === false ? { headers: {}, secrets: this.#credential.secrets } : this.#credential);
  }
}
