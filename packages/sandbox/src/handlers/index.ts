import type { HttpHandler } from 'msw';
import type { SandboxContext } from '../context.js';
import { authHandlers } from './auth.js';
import { credentialHandlers } from './credentials.js';
import { didHandlers } from './dids.js';
import { offerHandlers } from './offers.js';
import { oobHandlers } from './oob.js';
import { proofHandlers } from './proofs.js';
import { schemaHandlers } from './schemas.js';

/** The msw handlers of all ten endpoints of one sandbox. */
export function createHandlers(ctx: SandboxContext): HttpHandler[] {
  return [
    ...authHandlers(ctx),
    ...oobHandlers(ctx),
    ...offerHandlers(ctx),
    ...credentialHandlers(ctx),
    ...proofHandlers(ctx),
    ...didHandlers(ctx),
    ...schemaHandlers(ctx),
  ];
}
