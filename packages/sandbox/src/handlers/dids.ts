import { type HttpHandler, HttpResponse } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { badRequest, HttpError } from '../http.js';
import { isDidKeyType } from '../keys.js';
import { type DidInput, didRecord } from '../records/did.js';

/** What the ledgers of real deployments refuse, as field messages (empty when the request is fine). */
function unsupported(input: DidInput): string[] {
  if (input.method === 'indy' && input.keyType !== 'ed25519')
    return ['keyType must be ed25519 for method indy'];
  if (input.method === 'key' && !isDidKeyType(input.keyType)) {
    return [`keyType ${input.keyType} is not supported for method key`];
  }
  if (input.method === 'web' && !input.domain) return ['domain is required for method web'];
  return [];
}

/**
 * `POST /dids/write`: registers a DID and answers its resolution result. The same seed gives the
 * same DID, and writing a DID twice is a 409, as on a ledger.
 */
export function didHandlers(ctx: SandboxContext): HttpHandler[] {
  const write = endpoint<DidInput>(
    ctx,
    { method: 'post', path: '/dids/write', style: 'agent' },
    ({ body }) => {
      const problems = unsupported(body);
      if (problems.length > 0) return badRequest('agent', problems);
      const record = didRecord(body);
      if (ctx.state.dids.has(record.did)) throw new HttpError(409, `DID ${record.did} already exists`);
      ctx.state.addDid(record);
      return HttpResponse.json({ did: record.did, didDocument: record.didDocument });
    },
  );
  return [write];
}
