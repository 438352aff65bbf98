/**
 * The two services the spec's single API is made of in real deployments: the platform gateway
 * (`/auth`, `/orgs`) and the agent controller (`/oob`, `/credentials`, `/dids`, `/schemas`).
 */
export type RouteFamily = 'platform' | 'agent';

/** What the transport knows of a route from its path alone. */
export interface Route {
  family: RouteFamily;
  /**
   * `unwrap`: the spec answers bare, so a gateway's `{ statusCode, message, data }` envelope is
   * taken off; `keep`: the spec's answer is that envelope (the `/orgs` calls).
   */
  envelope: 'unwrap' | 'keep';
}

const ROUTES: readonly (Route & { prefix: string })[] = [
  { prefix: 'orgs/', family: 'platform', envelope: 'keep' },
  { prefix: 'auth/', family: 'platform', envelope: 'unwrap' },
];

const AGENT: Route = { family: 'agent', envelope: 'unwrap' };

/** The route a path (relative to the base URL, `/v1` or not) belongs to. */
export function routeOf(path: string): Route {
  const bare = path.replace(/^v\d+\//, '');
  return ROUTES.find((r) => bare.startsWith(r.prefix)) ?? AGENT;
}
