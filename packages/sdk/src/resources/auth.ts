import { type APIPromise, apiCall } from '../core/api-promise.js';
import type { EncryptLimits } from '../core/crypto/password-encryption.js';
import type { WithResponse } from '../core/response-info.js';
import { expiryIn, isExpired, platformToken, type TokenStore } from '../core/token-store.js';
import { callOptions } from '../core/transport/call-options.js';
import type { RequestOptions, Transport } from '../core/transport/transport.js';
import { checkRanges } from '../core/validation/option-ranges.js';
import { parseRequest } from '../core/validation/parse.js';
import { SignInParams, SignInResult } from '../models/auth.js';
import { Resource } from './resource.js';

type Encrypter = (password: string, limits?: EncryptLimits) => Promise<string>;

/** What is known about the current sign-in, without the token itself. */
export interface Session {
  tokenType: string;
  scope: string | undefined;
  /** Epoch ms, when the service said how long the token lives. */
  expiresAt: number | undefined;
  expired: boolean;
}

/** Sign-in and the stored token. */
export class Auth extends Resource {
  readonly #store: TokenStore;
  readonly #encrypt: Encrypter | undefined;
  /** @internal */
  constructor(transport: Transport, store: TokenStore, encrypt?: Encrypter) {
    super(transport);
    this.#store = store;
    this.#encrypt = encrypt;
  }

  /**
   * Signs in with e-mail and password and stores the token and its expiry (`expires_in` seconds).
   * With the client's `passwordEncryption`, the password is encrypted before it is sent.
   * @throws {@link RequestValidationError} for a malformed e-mail or empty password (nothing is sent).
   * @throws {@link AuthenticationError} for wrong credentials; {@link NotFoundError} for an unknown user.
   * @throws {@link PasswordEncryptionError} when a `passwordEncryption` function throws or returns no string (nothing is sent).
   * @throws {@link TimeoutError} or {@link AbortError} when that function has not settled within the call's timeout or before its signal aborts (nothing is sent).
   * @example
   * await agent.auth.signIn({ email: 'issuer@example.com', password: process.env.AGENT_PASSWORD! });
   */
  signIn(params: SignInParams, options?: RequestOptions): APIPromise<SignInResult> {
    return apiCall(() => this.#signIn(params, options));
  }

  async #signIn(params: SignInParams, options?: RequestOptions): Promise<WithResponse<SignInResult>> {
    const body = parseRequest(SignInParams, params);
    const opts = callOptions(options);
    const secrets = [body.password];
    if (this.#encrypt) {
      checkRanges(opts);
      body.password = await this.#encrypt(body.password, opts);
      // The encrypted value signs in as well as the clear one: it is a secret too.
      secrets.push(body.password);
    }
    const answer = await this.transport
      .request(
        {
          method: 'POST',
          path: 'auth/signin',
          body,
          response: SignInResult,
          auth: false,
          secrets,
        },
        opts,
      )
      .withResponse();
    const result = answer.data;
    const issuedAt = Date.now();
    const expiresAt = expiryIn(result.expires_in, issuedAt);
    await this.#store.set({
      accessToken: result.access_token,
      tokenType: result.token_type,
      scope: result.scope,
      expiresAt,
      ...(expiresAt === undefined ? {} : { issuedAt }),
    });
    return answer;
  }

  /**
   * Forgets the stored token. The service has no sign-out endpoint: nothing is sent, so there is no
   * response (a plain `Promise`, without `.withResponse()`).
   * @example
   * await agent.auth.signOut();
   */
  async signOut(): Promise<void> {
    await this.#store.clear();
  }

  /**
   * The current session, or `undefined` when not signed in. Never returns the token. Read from the
   * token store: nothing is sent (a plain `Promise`, without `.withResponse()`).
   * @example
   * const session = await agent.auth.session();
   * if (!session || session.expired) await agent.auth.signIn(credentials);
   */
  async session(): Promise<Session | undefined> {
    const token = platformToken(await this.#store.get());
    if (!token) return undefined;
    return {
      tokenType: token.tokenType,
      scope: token.scope,
      expiresAt: token.expiresAt,
      expired: isExpired(token),
    };
  }
}
