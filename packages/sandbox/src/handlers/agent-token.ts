import { type HttpHandler, HttpResponse, http } from 'msw';
import { MOVED_ROOT_PATHS, newAgentToken } from '../agent-line.js';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { htmlPage } from '../faults/responses.js';
import { errorResponse } from '../http.js';

/**
 * The agent controller's own routes when the sandbox wants an agent key. Line 2.1:
 * `POST /agent/token` hands a token for the raw key (401 otherwise),
 * `POST /multi-tenancy/get-token/{tenantId}` a tenant's token for that token, and the moved root paths are
 * 404 HTML. Line 2.0: `POST /agent/token` is an unknown route (404 HTML), as there.
 */
export function agentTokenHandlers(ctx: SandboxContext): HttpHandler[] {
  const key = ctx.agentKey;
  if (key === undefined) return [];
  const notFound = (method: 'get' | 'post', path: string) =>
    http[method](`${ctx.baseUrl}${path}`, ({ request }) =>
      htmlPage(404, request.method, new URL(request.url).pathname),
    );
  if (ctx.agentLine === '2.0') return [notFound('post', '/agent/token')];
  const exchange = endpoint(
    ctx,
    { method: 'post', path: '/agent/token', style: 'agent', auth: false },
    ({ request }) => {
      if (request.headers.get('authorization') !== key) return errorResponse('agent', 401, 'Unauthorized');
      const token = newAgentToken();
      ctx.agentTokens.add(token);
      return HttpResponse.json({ token });
    },
  );
  // A tenant's token, for the base wallet's token (raw or Bearer); any tenant id is a tenant here.
  const tenantTokens = new Set<string>();
  const tenant = endpoint(
    ctx,
    { method: 'post', path: '/multi-tenancy/get-token/:tenantId', style: 'agent', auth: false },
    ({ request }) => {
      const held = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
      if (!ctx.agentTokens.has(held) || tenantTokens.has(held)) {
        return errorResponse('agent', 401, 'Unauthorized');
      }
      const token = newAgentToken();
      tenantTokens.add(token);
      ctx.agentTokens.add(token);
      return HttpResponse.json({ token });
    },
  );
  const moved = MOVED_ROOT_PATHS.flatMap((path) => [notFound('get', path), notFound('post', path)]);
  return [exchange, tenant, ...moved];
}
