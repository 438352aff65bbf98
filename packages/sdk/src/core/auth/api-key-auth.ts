import * as z from 'zod/mini';
import { type AgentLine, linePath } from '../agent-line.js';
import { type ApiError, AuthenticationError, NotFoundError, ResponseValidationError } from '../errors.js';
import type { AgentBinding, ApiKey, StoredToken, TokenStore } from '../token-store.js';
import type { Answer } from '../transport/attempt.js';
import { errorFromResponse } from '../transport/http-errors.js';
import { path } from '../transport/path.js';
import type { CallInit } from '../transport-types.js';
import { parseResponse } from '../validation/parse.js';
import type { Credential, Status } from './bearer.js';

/** The auth step of a transport: wraps each send with the credential it adds. */
export interface AuthStep {
  wrap<A extends Status>(call: CallInit, send: (credential: Credential) => Promise<A>): Promise<A>;
  /** The agent line the call's path is mapped to, found out first when it is not known yet. */
  line?(call: CallInit): Promise<AgentLine>;
  /** The error for a 401 that is final, saying what was refused. */
  refused?(error: AuthenticationError): AuthenticationError;
}

/** What the agent's auth step is told: the key, the line if set, the tenant, where tokens are kept. */
export interface AgentAuthOptions {
  apiKey: ApiKey;
  /** Set: no detection. Unset: `POST /agent/token` decides (a 404 means line 2.0). */
  line: AgentLine | undefined;
  tenantId: string | undefined;
  /** The agent's base URL as checked (normalised): the tokens it stores are bound to it and the tenant. */
  agentUrl: string;
  tokenStore: TokenStore;
}

/** Sends one call of the auth step's own (the token exchange) with a credential, through the transport. */
export type AuthSender = (call: CallInit, credential: Credential) => Promise<Answer>;

const TokenAnswer = z.looseObject({
  token: z.string().check(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: it is sent in a header.
    z.regex(/^[^\u0000-\u0020\u007f]+$/, 'must be a non-empty token without spaces or control characters'),
  ),
});

/**
 * The auth step of a real agent controller. On line 2.0 it sends the API key on every route, raw
 * (`Authorization: <key>`) unless told `bearer`. On line 2.1 it sends the key only to
 * `POST /agent/token`, keeps the token that answers (and, with a tenant, the tenant's token from
 * `POST /multi-tenancy/get-token/{tenantId}`) in its store for the client's life, sends it as
 * `Bearer <token>`, and after a 401 exchanges the key once more and repeats the call once. Without
 * a set line, the first call asks `POST /agent/token`: a token means 2.1; a 404 or a 405 means 2.0 (a
 * 401 is the key refused; any other answer, such as a 2xx without a usable token, is reported as
 * a {@link ResponseValidationError} naming the agent URL, and nothing else is sent).
 */
export class AgentKeyAuth implements AuthStep {
  readonly #options: AgentAuthOptions;
  readonly #send: AuthSender;
  readonly #key: Credential;
  /** Every token handed out so far, scrubbed from anything shown. */
  readonly #tokens: string[] = [];
  #line: AgentLine | undefined;
  /** The token this client got, also when the store holds another's (the platform's) token. */
  #own: string | undefined;
  #exchanging: Promise<string | undefined> | undefined;

  constructor(options: AgentAuthOptions, send: AuthSender) {
    this.#options = options;
    this.#send = send;
    this.#line = options.line;
    const { key, scheme } = options.apiKey;
    this.#key = { headers: { authorization: scheme === 'raw' ? key : `Bearer ${key}` }, secrets: [key] };
  }

  async line(call: CallInit): Promise<AgentLine> {
    if (this.#line) return this.#line;
    // A token kept from an earlier exchange only exists on line 2.1.
    if (await this.#held()) this.#line = '2.1';
    else await this.#token(call, undefined);
    return this.#line ?? '2.0';
  }

  async wrap<A extends Status>(call: CallInit, send: (credential: Credential) => Promise<A>): Promise<A> {
    if (call.auth === false) return send({ headers: {}, secrets: this.#key.secrets });
    if ((await this.line(call)) === '2.0') return send(this.#key);
    let token = await this.#token(call, undefined);
    const answer = await send(this.#bearer(token));
    if (answer.status !== 401 || call.signal?.aborted) return answer;
    token = await this.#token(call, token);
    return send(this.#bearer(token));
  }

  refused(error: AuthenticationError): AuthenticationError {
    const token = this.#line === '2.1';
    const what = token ? 'its token (from POST /agent/token, fetched again once)' : 'its API key';
    const { status, body, method, path: where, target, headers, serverMessage } = error;
    const message = `The agent refused ${what} at ${method} /${where}: ${error.message}`;
    return new AuthenticationError(message, {
      ...{ status, body, method, path: where, target, headers, serverMessage },
      reason: 'rejected',
      refused: token ? 'token' : 'api-key',
    });
  }

  #bearer(token: string | undefined): Credential {
    const secrets = [...this.#key.secrets, ...this.#tokens];
    return { headers: token ? { authorization: `Bearer ${token}` } : {}, secrets };
  }

  /** The token for this agent and tenant: the store's when it was issued for them, else this client's own. */
  async #held(): Promise<string | undefined> {
    const stored = await this.#options.tokenStore.get();
    return this.#ours(stored) ? stored?.accessToken : this.#own;
  }

  /** Whether `stored` is a token issued by this agent for this tenant (never the platform's token). */
  #ours(stored: StoredToken | undefined): boolean {
    const { agentUrl, tenantId } = this.#options;
    return stored?.agent?.url === agentUrl && stored.agent.tenantId === tenantId;
  }

  /** The token to send: the held one unless it is `stale`; else one exchange, shared by calls made at once. */
  async #token(call: CallInit, stale: string | undefined): Promise<string | undefined> {
    const held = await this.#held();
    if (held && held !== stale) {
      if (!this.#tokens.includes(held)) this.#tokens.push(held);
      return held;
    }
    if (held) await this.#forget(held);
    this.#exchanging ??= this.#exchange(call).finally(() => {
      this.#exchanging = undefined;
    });
    return this.#exchanging;
  }

  /** Forgets a refused token: this client's copy, and the store's when it is that one. */
  async #forget(token: string): Promise<void> {
    if (this.#own === token) this.#own = undefined;
    const stored = await this.#options.tokenStore.get();
    if (this.#ours(stored) && stored?.accessToken === token) await this.#options.tokenStore.clear();
  }

  /**
   * Keeps a fresh token, bound to this agent and tenant. The store gets it unless it holds the
   * platform's token (one store object given for both): that one is left alone.
   */
  async #keep(token: string): Promise<void> {
    this.#own = token;
    const store = this.#options.tokenStore;
    const stored = await store.get();
    if (stored !== undefined && stored.agent === undefined) return;
    const { agentUrl, tenantId } = this.#options;
    const agent: AgentBinding = { url: agentUrl, ...(tenantId === undefined ? {} : { tenantId }) };
    await store.set({ accessToken: token, tokenType: 'Bearer', agent });
  }

  /** Exchanges the key (and the base token for the tenant's); undefined when the agent is line 2.0. */
  async #exchange(call: CallInit): Promise<string | undefined> {
    const { signal, timeout, secrets } = call;
    const own = { method: 'POST', path: 'agent/token', signal, timeout, ...(secrets ? { secrets } : {}) };
    let base: string;
    try {
      base = await this.#ask(own, this.#key);
    } catch (error) {
      // Only detection reads these as line 2.0 (no such route, or a route that is not the exchange);
      // a set line 2.1 reports them.
      const noRoute = error instanceof NotFoundError || (error as ApiError).status === 405;
      if (this.#line === undefined && noRoute && !(error instanceof ResponseValidationError)) {
        this.#line = '2.0';
        return undefined;
      }
      throw error;
    }
    this.#line = '2.1';
    let token = base;
    const tenant = this.#options.tenantId;
    if (tenant !== undefined) {
      const tenantCall = { ...own, path: path`multi-tenancy/get-token/${tenant}` };
      token = await this.#ask(tenantCall, this.#bearer(base));
    }
    await this.#keep(token);
    return token;
  }

  /** Sends a token request and reads `{ token }`; a 401 is the agent refusing what was sent. */
  async #ask(call: CallInit, credential: Credential): Promise<string> {
    const answer = await this.#send(call, credential);
    const secrets = [...credential.secrets, ...this.#tokens];
    if (answer.status === 401) {
      const key = call.path === 'agent/token';
      const what = key ? 'its API key' : 'its token for the tenant';
      const init = { ...answer, method: call.method, path: call.path, retryAfterMs: undefined };
      const { message, body, headers, serverMessage } = errorFromResponse(init, secrets);
      const where = `${call.method} /${call.path}`;
      throw new AuthenticationError(`The agent refused ${what} at ${where}: ${message}`, {
        ...{ status: 401, body, headers, method: call.method, path: call.path, serverMessage },
        reason: 'rejected',
        refused: key ? 'api-key' : 'token',
      });
    }
    const info = { method: call.method, path: call.path, status: answer.status, secrets };
    let token: string;
    try {
      ({ token } = parseResponse(TokenAnswer, answer.body, info, answer.deadline));
    } catch (error) {
      if (!(error instanceof ResponseValidationError)) throw error;
      // Not a token: neither line 2.1's answer nor 2.0's 404; nothing else is sent.
      const { issues, status, method, path: where } = error;
      const message = `The agent at ${this.#options.agentUrl} answered ${method} /${where} (HTTP ${status}) without a usable token ({ "token": "<jwt>" }): ${error.message}; check agent.baseUrl (agent-url), or set agent.line`;
      throw new ResponseValidationError(message, {
        issues,
        status,
        method,
        path: where,
        body: error.body,
        secrets,
        cause: error,
      });
    }
    this.#tokens.push(token);
    return token;
  }
}

/** The path of a call on the transport's agent line (the SDK's own agent routes only). */
export async function pathOnLine(auth: AuthStep, call: CallInit, fallback: AgentLine): Promise<string> {
  if (!call.agentRoute) return call.path;
  return linePath(auth.line ? await auth.line(call) : fallback, call.path);
}
