import { AGENT_LINES, type AgentLine } from './agent-line.js';
import { invalidField } from './errors.js';
import type { ApiKey, StoredToken, TokenStore } from './token-store.js';

/**
 * Where the agent's routes (`/oob`, `/credentials`, `/dids`, `/schemas`) go when the agent
 * controller is not behind the platform's base URL, and how they authenticate.
 */
export interface AgentDeployment {
  /** The agent controller's base URL, e.g. `https://agent.example.com`. */
  baseUrl: string;
  /** The agent's API key; without it, agent routes carry the platform's bearer token. */
  apiKey?: string | undefined;
  /** How the key is sent: `raw` (default, as real agents want: `Authorization: <key>`) or `bearer`. */
  scheme?: 'raw' | 'bearer' | undefined;
  /**
   * The agent controller's line: `'2.0'` (the key on every route, root paths such as `/credentials`)
   * or `'2.1'` (current releases: the key only at `POST /agent/token`, whose token goes to every
   * other route; `/didcomm/…` and `/anoncreds/…` paths). Default: found out on the first call, from
   * the answer of `POST /agent/token` (a token: 2.1; a 404: 2.0). Setting it skips that request.
   */
  line?: AgentLine | undefined;
  /**
   * A tenant of a multi-tenant agent (line 2.1): its token, from
   * `POST /multi-tenancy/get-token/{tenantId}`, is sent instead of the base wallet's.
   */
  tenantId?: string | undefined;
  /**
   * Where the agent's token (line 2.1) is kept; default: in memory, for the client's life. The SDK
   * stores it bound to this agent URL and tenant ({@link StoredToken.agent}) and uses a stored token
   * without an exchange (it means line 2.1) only when it was issued for them: a token of another
   * agent or tenant, or the platform's token, is never sent; the key is exchanged afresh. The same
   * object may be the client's `tokenStore` too: the platform's token there is left alone (the
   * agent's is then kept in memory) and the platform is never sent the agent's token.
   */
  tokenStore?: TokenStore | undefined;
}

/** The `agent` option, checked. */
export interface CheckedAgent {
  baseUrl: string;
  apiKey: ApiKey | undefined;
  line: AgentLine | undefined;
  tenantId: string | undefined;
  agentTokenStore: TokenStore | undefined;
}

/** Builds a {@link RequestValidationError} about a client option. */
const optionError = (path: string, message: string) => invalidField(path, message, 'client options');

/**
 * A base URL (`name` in messages), checked: http(s), and no userinfo (a password there would reach every error
 * message), query or fragment (paths are appended to it). The message never repeats the value.
 */
export function checkBaseUrl(value: unknown, name = 'baseUrl'): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw optionError(name, 'must be an http(s) URL');
  }
  if (url.username || url.password) {
    throw optionError(
      name,
      'must not contain a user name or password (user:password@); use credentials or a token',
    );
  }
  if (url.search || url.hash || /[?#]/.test(String(value))) {
    throw optionError(name, 'must not contain a query (?…) or a fragment (#…)');
  }
  return url.href.replace(/\/+$/, '');
}

/** Checks the `agent` client option. @throws {@link RequestValidationError} naming the field. */
export function checkAgent(agent: AgentDeployment): CheckedAgent {
  const baseUrl = checkBaseUrl(agent?.baseUrl, 'agent.baseUrl');
  const scheme = agent.scheme ?? 'raw';
  if (scheme !== 'raw' && scheme !== 'bearer') throw optionError('agent.scheme', 'must be raw or bearer');
  const { line, tenantId } = agent;
  if (line !== undefined && !AGENT_LINES.includes(line))
    throw optionError('agent.line', "must be '2.0' or '2.1'");
  if (tenantId !== undefined) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: it goes into a path.
    if (typeof tenantId !== 'string' || !/^[^\u0000-\u0020\u007f/]+$/.test(tenantId)) {
      throw optionError(
        'agent.tenantId',
        'must be a non-empty id without spaces, slashes or control characters',
      );
    }
    if (line === '2.0' || agent.apiKey === undefined) {
      throw optionError(
        'agent.tenantId',
        'needs agent.apiKey and an agent of line 2.1 (tenant tokens came with it)',
      );
    }
  }
  const rest = { line, tenantId, agentTokenStore: agent.tokenStore };
  if (agent.apiKey === undefined) return { baseUrl, apiKey: undefined, ...rest };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a header value cannot hold them.
  if (typeof agent.apiKey !== 'string' || !/^[^\u0000-\u0020\u007f]+$/.test(agent.apiKey)) {
    throw optionError('agent.apiKey', 'must be a non-empty string without spaces or control characters');
  }
  return { baseUrl, apiKey: { key: agent.apiKey, scheme }, ...rest };
}
