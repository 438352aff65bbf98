import { randomBytes } from 'node:crypto';

/**
 * The agent controller's line the sandbox imitates when it wants an agent key: `2.0` (the raw key
 * on every agent route, root paths) or `2.1` (current releases: the key only at
 * `POST /agent/token`, its token on every other route, `/didcomm/…` and `/anoncreds/…` paths).
 */
export type AgentLine = '2.0' | '2.1';

/** Where an agent route of line 2.0 (`/credentials`) is served on `line`. */
export function agentRoutePath(line: AgentLine, path: string): string {
  if (line === '2.0') return path;
  if (/^\/(oob|credentials|proofs)(\/|$)/.test(path)) return `/didcomm${path}`;
  if (/^\/schemas(\/|$)/.test(path)) return `/anoncreds${path}`;
  return path;
}

/** The root paths line 2.1 no longer serves (404 HTML there), as msw patterns. */
export const MOVED_ROOT_PATHS = ['/oob/*', '/credentials', '/credentials/*', '/schemas'] as const;

/** A token as line 2.1 hands out (an HS256 JWT without `exp`). */
export function newAgentToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    sub: 'sandbox-agent',
    iat: Math.floor(Date.now() / 1000),
    jti: randomBytes(8).toString('hex'),
  };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.${randomBytes(32).toString('base64url')}`;
}
