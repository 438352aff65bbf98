import type { HttpHandler } from 'msw';
import type { SandboxContext } from '../context.js';
import { agentTokenHandlers } from './agent-token.js';
import { authHandlers } from './auth.js';
import { credentialHandlers } from './credentials.js';
import { didHandlers } from './dids.js';
import { offerHandlers } from './offers.js';
import { oobHandlers } from './oob.js';
import { proofHandlers } from './proofs.js';
import { schemaHandlers } from './schemas.js';

/** The platform gateway's endpoints, which the platform flavour also answers under `/v1`. */
function gatewayHandlers(ctx: SandboxContext): HttpHandler[] {
  return [...authHandlers(ctx), ...offerHandlers(ctx), ...proofHandlers(ctx)];
}

/** The msw handlers of all ten endpoints of one sandbox. */
export function createHandlers(ctx: SandboxContext): HttpHandler[] {
  const v1 = ctx.flavor === 'platform' ? gatewayHandlers({ ...ctx, routePrefix: '/v1' }) : [];
  return [
    ...v1,
    ...authHandlers(ctx),
    ...oobHandlers(ctx),
    ...offerHandlers(ctx),
    ...credentialHandlers(ctx),
    ...proofHandlers(ctx),
    ...didHandlers(ctx),
    ...schemaHandlers(ctx),
    ...agentTokenHandlers(ctx),
  ];
}
