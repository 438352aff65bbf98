import type { RequestHandler } from 'msw';
import type { SandboxContext, SandboxFlavor } from './context.js';
import { FaultController, type FaultSpec } from './faults/controller.js';
import { createHandlers } from './handlers/index.js';
import { randomKey } from './password-key.js';
import { DEMO_USER, SandboxState } from './state.js';

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  /** Where the handlers answer; default `http://agent.test`. */
  baseUrl?: string;
  /** Faults in force from the start (and again after {@link Sandbox.reset}). */
  faults?: FaultSpec[];
  /** Most holders one e-mail offer request may carry; default 10, as on the demo deployment. */
  emailBatchLimit?: number;
  /** Lifetime of issued tokens in seconds (`expires_in`); default 86 400. */
  tokenTtlSeconds?: number;
  /**
   * `spec` (default): the one service of the interface. `platform`: the real platform gateway and
   * agent where they differ: encrypted sign-in password, legacy sign-in answer, `/v1` routes,
   * relayed agent failures nested, `comment: ""` refused, top-level `presentationDefinition`,
   * `POST /credentials/accept-offer`, the agent's 422 `Validation Failed` for a refused body.
   */
  flavor?: SandboxFlavor;
  /** Platform flavour: the key sign-in passwords are encrypted with; default a random one. */
  passwordKey?: string;
  /**
   * When given, agent routes want exactly `Authorization: <agentKey>`, as the real agent does;
   * `true` for a random key (read it from {@link Sandbox.agentKey}).
   */
  agentKey?: string | true;
  /**
   * With `agentKey`, the agent controller's line: `'2.1'` (default, as current deployments run:
   * the key only at `POST /agent/token`, its token everywhere else, `/didcomm/…` and
   * `/anoncreds/schemas` paths) or `'2.0'` (the raw key on every agent route, root paths).
   */
  agentLine?: '2.0' | '2.1';
}

/** A stateful fake Credential Agent Service. */
export interface Sandbox {
  /** The base URL the handlers answer on, without a trailing slash. */
  readonly baseUrl: string;
  /** msw handlers for all ten endpoints: `setupServer(...sandbox.handlers)`. */
  readonly handlers: RequestHandler[];
  /** The in-memory records; tests may read and change them. */
  readonly state: SandboxState;
  /** The injected faults: `add(spec)`, `clear()`. */
  readonly faults: FaultController;
  /**
   * Requests received, optionally only those of one method and/or at or below one path (e.g.
   * `'/credentials'`). Requests a fault dropped count too.
   */
  requestCount(method?: string, pathPrefix?: string): number;
  /** E-mail offers delivered to one address. */
  deliveries(email: string): number;
  /** E-mail offers delivered to anyone. */
  totalDeliveries(): number;
  /** Which service the sandbox imitates. */
  readonly flavor: SandboxFlavor;
  /** The key sign-in passwords are encrypted with (platform flavour), else undefined. */
  readonly passwordKey: string | undefined;
  /** The agent's raw API key, when one was configured. */
  readonly agentKey: string | undefined;
  /** The agent controller's line it imitates with an agent key. */
  readonly agentLine: '2.0' | '2.1';
  /** A valid bearer token, for the demo user unless another user's e-mail is given. */
  issueToken(email?: string): string;
  /** Back to the freshly created sandbox: records, tokens and counters gone, initial faults only. */
  reset(): void;
}

/**
 * Creates an in-memory sandbox whose msw handlers behave like the Credential Agent Service.
 * @throws {@link Error} when `baseUrl` is not an http(s) URL or a fault spec is invalid.
 * @example
 * import { setupServer } from 'msw/node';
 * import { createSandbox, DEMO_USER, DEMO_ORG_ID } from '@credential-agent/sandbox';
 * const sandbox = createSandbox();
 * const server = setupServer(...sandbox.handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * const agent = new AgentClient({ baseUrl: sandbox.baseUrl, orgId: DEMO_ORG_ID });
 * await agent.auth.signIn(DEMO_USER);
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const baseUrl = normaliseBaseUrl(options.baseUrl ?? 'http://agent.test');
  const state = new SandboxState(options.tokenTtlSeconds ?? 86_400);
  const faults = new FaultController(options.faults ?? []);
  const flavor = options.flavor ?? 'spec';
  if (flavor !== 'spec' && flavor !== 'platform') throw new Error('flavor must be spec or platform');
  const ctx: SandboxContext = {
    baseUrl,
    state,
    faults,
    emailBatchLimit: options.emailBatchLimit ?? 10,
    flavor,
    passwordKey: flavor === 'platform' ? (options.passwordKey ?? randomKey()) : undefined,
    agentKey: options.agentKey === true ? randomKey() : options.agentKey,
    agentLine: options.agentLine ?? '2.1',
    agentTokens: new Set(),
  };
  if (ctx.agentLine !== '2.0' && ctx.agentLine !== '2.1') throw new Error("agentLine must be '2.0' or '2.1'");
  const handlers = createHandlers(ctx);
  return {
    baseUrl,
    flavor,
    passwordKey: ctx.passwordKey,
    agentKey: ctx.agentKey,
    agentLine: ctx.agentLine,
    handlers,
    state,
    faults,
    requestCount: (method, pathPrefix) => state.requestCount(method, pathPrefix),
    deliveries: (email) => state.deliveriesTo(email),
    totalDeliveries: () => state.emails.length,
    issueToken: (email = DEMO_USER.email) => state.issueToken(email),
    reset: () => {
      state.reset();
      faults.reset();
      ctx.agentTokens.clear();
    },
  };
}

function normaliseBaseUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`baseUrl must be an http(s) URL`);
  return url.href.replace(/\/+$/, '');
}
