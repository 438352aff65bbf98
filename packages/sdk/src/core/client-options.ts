import type { ApiKey } from './api-key-auth.js';
import { RequestValidationError } from './errors.js';

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
}

/** Builds a {@link RequestValidationError} about a client option. */
export function optionError(path: string, message: string): RequestValidationError {
  return new RequestValidationError(`Invalid client options: ${path} ${message}`, [{ path, message }]);
}

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
export function checkAgent(agent: AgentDeployment): { baseUrl: string; apiKey: ApiKey | undefined } {
  const baseUrl = checkBaseUrl(agent?.baseUrl, 'agent.baseUrl');
  const scheme = agent.scheme ?? 'raw';
  if (scheme !== 'raw' && scheme !== 'bearer') throw optionError('agent.scheme', 'must be raw or bearer');
  if (agent.apiKey === undefined) return { baseUrl, apiKey: undefined };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a header value cannot hold them.
  if (typeof agent.apiKey !== 'string' || !/^[^\u0000-\u0020\u007f]+$/.test(agent.apiKey)) {
    throw optionError('agent.apiKey', 'must be a non-empty string without spaces or control characters');
  }
  return { baseUrl, apiKey: { key: agent.apiKey, scheme } };
}
