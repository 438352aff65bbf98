import { routePath } from './context.js';
import type { SandboxState } from './state.js';

/** What an msw resolver gets that the sandbox uses. */
export interface ResolverInfo {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
}

/** A resolver that always answers. */
export type Resolver = (info: ResolverInfo) => Promise<Response>;

/**
 * Records the request in the sandbox's state, then answers it with the resolver: the one place
 * requests are counted, for every endpoint and for the loopback server's unknown routes alike.
 */
export function counted(sandbox: { baseUrl: string; state: SandboxState }, resolver: Resolver): Resolver {
  return (info) => {
    const method = info.request.method.toUpperCase();
    sandbox.state.receive({ method, path: routePath(sandbox.baseUrl, info.request.url) });
    return resolver(info);
  };
}
