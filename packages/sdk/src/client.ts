import type * as z from 'zod/mini';
import { type APIPromise, answered, apiCall } from './core/api-promise.js';
import { type AgentDeployment, checkAgent, checkBaseUrl } from './core/client-options.js';
import { type PasswordEncryption, passwordEncrypter } from './core/crypto/password-encryption.js';
import { invalidField } from './core/errors.js';
import type { ResponseTooLargeError } from './core/protocol-errors.js';
import type { RetryOptions } from './core/retry.js';
import { MemoryTokenStore, type TokenStore } from './core/token-store.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './core/transport/body.js';
import { routeOf } from './core/transport/routes.js';
import {
  type RawResponse,
  type Received,
  type RequestOptions,
  Transport,
  type TransportHooks,
  type TransportOptions,
} from './core/transport/transport.js';
import { parseCallerResponse, parseRequest } from './core/validation/parse.js';
import type { SignInParams } from './models/auth.js';
import { Id } from './models/common.js';
import { type AnyRequest, type ReadRequest, readAnyRequest } from './resources/any-endpoint.js';
import { Auth } from './resources/auth.js';
import { Credentials } from './resources/credentials.js';
import { Dids } from './resources/dids.js';
import { OutOfBand } from './resources/oob.js';
import { OrgScope } from './resources/org.js';
import { Schemas } from './resources/schemas.js';

/** Sign-in details the client may use to sign in again by itself; a function is asked each time. */
export type CredentialsProvider = SignInParams | (() => SignInParams | Promise<SignInParams>);

/** Options of {@link AgentClient}. Only `baseUrl` is required. */
export interface AgentClientOptions {
  /**
   * The service's base URL, e.g. `https://agent.example.com` (paths are relative to it). With
   * `agent`, the platform gateway's (`/auth`, `/orgs`), e.g. `https://platform.example.com/v1`.
   */
  baseUrl: string;
  /**
   * A separate agent controller for the agent's routes (`/oob`, `/credentials`, `/dids`,
   * `/schemas`), with its own API key. Default: every route on `baseUrl` with the bearer token.
   */
  agent?: AgentDeployment | undefined;
  /** Where the token is kept; default: in memory. */
  tokenStore?: TokenStore | undefined;
  /** A token to start with (e.g. from CI secrets), stored in the token store. */
  accessToken?: string | undefined;
  /** When given, the client signs in by itself whenever it has no valid token or gets a 401. */
  credentials?: CredentialsProvider | undefined;
  /** The default organisation for {@link AgentClient.org}. */
  orgId?: string | undefined;
  /** Timeout per attempt in ms; default 30 000; `false` for none. */
  timeout?: number | false | undefined;
  /** Retry policy; default two retries for GETs. See {@link RetryOptions}. */
  retry?: RetryOptions | number | false | undefined;
  /**
   * A `fetch` to use instead of the global one (tests, proxies, instrumentation). It is asked not
   * to follow redirects (`redirect: 'manual'`). The SDK cannot stop a `fetch` that follows them
   * anyway (for instance one that rebuilds the request from its URL, method, headers and body):
   * the request, password or token included, then reaches the other origin, and the SDK only
   * notices afterwards, refusing the answer with a {@link RedirectError}. Give a `fetch` that
   * honours `redirect`. A failed request counts as never sent (`ConnectionError.sent === false`,
   * retried even when it is a POST) only on proof that it never reached the socket, from a `fetch`
   * the SDK can vouch for: Node's own (given or on `globalThis`, told by its source, so not a
   * wrapper put there by instrumentation, a mock or fail-over code), sending through Node's own
   * dispatcher (not one set with undici's `setGlobalDispatcher` that retries, fails over, mocks or
   * speaks HTTP/2, or whose `dispatch` was replaced), or one that carries
   * `FETCH_REPORTS_IN_CALL` (see there for what it promises). Any other `fetch`'s failures,
   * whatever their error code (a refused connection included), may have been sent, and a POST is
   * not retried.
   */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * The largest answer accepted, in decoded bytes (after gzip); default
   * {@link DEFAULT_MAX_RESPONSE_BYTES} (256 MiB, some 200,000 credential records). A larger answer
   * is a {@link ResponseTooLargeError}, never retried.
   */
  maxResponseBytes?: number | undefined;
  /** Observers of requests, responses and retries; secrets arrive redacted. */
  hooks?: TransportHooks | undefined;
  /**
   * Encrypts the sign-in password before it is sent, as real platform gateways require: `{ key }`
   * with the platform's crypto key (its web app's public setting), or your own function, which
   * must return a non-empty string: one that throws or returns anything else fails the sign-in with
   * a {@link PasswordEncryptionError}, before anything is sent.
   */
  passwordEncryption?: PasswordEncryption | undefined;
}

/**
 * The client of the Credential Agent Service.
 * @example
 * import { AgentClient } from '@credential-agent/sdk';
 * const agent = new AgentClient({ baseUrl: 'https://agent.example.com', orgId });
 * await agent.auth.signIn({ email, password });
 * const records = await agent.credentials.list({ state: 'offer-sent' });
 */
export class AgentClient {
  // Fields declared and set by the constructor (no field definitions in the bundle; core/errors.ts).
  /** Sign-in and the stored token. */
  declare readonly auth: Auth;
  /** Out-of-band records and invitations. */
  declare readonly oob: OutOfBand;
  /** Credential exchange records. */
  declare readonly credentials: Credentials;
  /** DID registration. */
  declare readonly dids: Dids;
  /** Ledger schemas. */
  declare readonly schemas: Schemas;
  /** The default organisation, if one was given. */
  declare readonly orgId: string | undefined;
  readonly #transport: Transport;
  readonly #agentTransport: Transport;

  /** @throws {@link RequestValidationError} when `baseUrl` (or `agent`) is not usable, naming the option. */
  constructor(options: AgentClientOptions) {
    const baseUrl = checkBaseUrl(options?.baseUrl);
    const store = options.tokenStore ?? new MemoryTokenStore();
    if (options.accessToken) void store.set({ accessToken: options.accessToken, tokenType: 'Bearer' });
    let password: string | undefined;
    const provider = options.credentials;
    const encryption = options.passwordEncryption;
    const timeout = options.timeout ?? 30_000;
    const encrypt = encryption === undefined ? undefined : passwordEncrypter(encryption, timeout);
    const encryptionKey = typeof encryption === 'object' ? encryption.key : undefined;
    const agent = options.agent === undefined ? undefined : checkAgent(options.agent);
    const shared: TransportOptions = {
      baseUrl,
      tokenStore: store,
      timeout,
      retry: options.retry,
      fetch: options.fetch,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      hooks: options.hooks ?? {},
      // Every secret the client holds, scrubbed from hooks and errors on every route.
      secrets: () => [
        password,
        encryptionKey,
        agent?.apiKey?.key,
        typeof provider === 'object' ? provider.password : undefined,
      ],
      reauthenticate: provider
        ? async (call) => {
            const params = typeof provider === 'function' ? await provider() : provider;
            password = params.password;
            await this.auth.signIn(params, call);
          }
        : undefined,
    };
    this.#transport = new Transport(shared);
    this.#agentTransport = agent ? new Transport({ ...shared, ...agent }) : this.#transport;
    this.auth = new Auth(this.#transport, store, encrypt);
    this.oob = new OutOfBand(this.#agentTransport);
    this.credentials = new Credentials(this.#agentTransport);
    this.dids = new Dids(this.#agentTransport);
    this.schemas = new Schemas(this.#agentTransport);
    this.orgId = options.orgId;
  }

  /**
   * Calls any route, including those the SDK does not model (e.g. the agent's
   * `POST /credentials/accept-offer`), with the client's auth, timeout, retry policy, error classes
   * and redaction. Returns the parsed body as the server sent it (no envelope is unwrapped; a body-less
   * answer such as a 204 gives `undefined`), validated and typed when `schema` is given. The
   * per-call options (`signal`, `timeout`, `retry`, `headers`, `extraBody`) come last, as in every
   * other method.
   * @throws {@link RequestValidationError} for a path off the base URL, a bad method, or a field
   * the request does not have, such as an option put in the request instead of `options` (nothing is sent).
   * @throws {@link ApiError} subclasses for error answers; {@link ResponseValidationError} when `schema` refuses the body.
   * @example
   * const record = await agent.request(
   *   { method: 'POST', path: '/credentials/accept-offer', body: { credentialRecordId, autoAcceptCredential: 'always' } },
   *   { timeout: 10_000 },
   * );
   */
  request<S extends z.core.$ZodType | undefined = undefined>(
    request: AnyRequest<S>,
    options?: RequestOptions,
  ): APIPromise<S extends z.core.$ZodType ? z.output<S> : unknown> {
    return apiCall(async () => {
      const { call, schema } = readAnyRequest(request);
      const raw = await this.#exchange(call, options);
      const info = {
        method: call.method,
        path: raw.path,
        target: call.target,
        status: raw.status,
        secrets: raw.secrets,
      };
      const data = schema
        ? await parseCallerResponse(schema, raw.body, info, raw.deadline, options?.signal)
        : raw.body;
      return answered(data as S extends z.core.$ZodType ? z.output<S> : unknown, raw);
    });
  }

  /**
   * Like {@link AgentClient.request}, but answers the status and headers too, without validating the body.
   * @throws {@link RequestValidationError} as {@link AgentClient.request} does (nothing is sent).
   * @throws {@link ApiError} subclasses for error answers.
   * @example
   * const { status, headers, body } = await agent.requestRaw({ method: 'GET', path: '/credentials' });
   */
  requestRaw(
    request: AnyRequest<z.core.$ZodType | undefined>,
    options?: RequestOptions,
  ): APIPromise<RawResponse> {
    return apiCall(async () => {
      const raw = await this.#exchange(readAnyRequest(request).call, options);
      return answered({ status: raw.status, headers: raw.headers, body: raw.body }, raw);
    });
  }

  #exchange(call: ReadRequest['call'], options: RequestOptions | undefined): Promise<Received> {
    const family = call.target ?? routeOf(call.path).family;
    return (family === 'agent' ? this.#agentTransport : this.#transport).exchange(call, options);
  }

  /**
   * The calls scoped to an organisation; without an id, the client's default `orgId`.
   * @throws {@link RequestValidationError} when no id is given and there is no default.
   * @example
   * await agent.org('0f6f…').offers.sendByEmail(params);
   */
  org(orgId: string | undefined = this.orgId): OrgScope {
    if (orgId === undefined) {
      throw invalidField('orgId', 'is required (pass it to org() or set orgId on the client)');
    }
    return new OrgScope(this.#transport, parseRequest(Id, orgId, 'orgId'));
  }
}
