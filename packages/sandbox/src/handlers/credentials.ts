import { type HttpHandler, HttpResponse } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { HttpError, recordNotFound } from '../http.js';
import { transition } from '../records/common.js';
import { completeExchange, type SandboxCredentialRecord } from '../records/credential.js';

type Filters = Partial<
  Record<'threadId' | 'parentThreadId' | 'connectionId' | 'state' | 'role', string | undefined>
>;

function matches(record: SandboxCredentialRecord, filters: Filters): boolean {
  return (Object.keys(filters) as (keyof Filters)[]).every(
    (key) => filters[key] === undefined || record[key] === filters[key],
  );
}

/**
 * The holder accepts the offer: its record moves `offer-received` → `request-sent` and the issuer's
 * `offer-sent` → `request-received`, and that snapshot is the answer (as a real agent answers before
 * the issuer reacts). When the issuer auto-accepts (`autoAcceptCredential: 'always'`, the default
 * of offers), it then issues at once: issuer `credential-issued` → `done`, holder
 * `credential-received` → `done`, with the stored credential listed in `credentials`.
 * `connectionId` is given to `negotiate-offer` and must be the record's; `accept-offer` has none.
 */
function acceptOffer(ctx: SandboxContext, recordId: string, connectionId?: string): SandboxCredentialRecord {
  const holder = ctx.state.credentials.get(recordId);
  if (!holder) throw recordNotFound('CredentialRecord', recordId);
  if (connectionId !== undefined && holder.connectionId !== connectionId) {
    throw recordNotFound('ConnectionRecord', connectionId);
  }
  if (holder.state !== 'offer-received') {
    throw new HttpError(
      500,
      `CredoError: Credential record is in invalid state ${holder.state}. Valid states are: offer-received.`,
    );
  }
  const issuer = ctx.state.issuerRecord(holder.threadId);
  transition(holder, 'request-sent');
  if (issuer) transition(issuer, 'request-received');
  const answer = structuredClone(holder);
  if (issuer && issuer.autoAcceptCredential === 'always') completeExchange(issuer, holder);
  return answer;
}

/**
 * `GET /credentials` and the holder's answer to an offer: `POST /credentials/negotiate-offer` (the
 * spec), and on the platform flavour also `POST /credentials/accept-offer` (the real agent's route).
 */
export function credentialHandlers(ctx: SandboxContext): HttpHandler[] {
  const list = endpoint<undefined, Filters>(
    ctx,
    { method: 'get', path: '/credentials', style: 'agent' },
    ({ query }) => HttpResponse.json([...ctx.state.credentials.values()].filter((r) => matches(r, query))),
  );
  // `NegotiateOfferBody` of openapi.json.
  const negotiate = endpoint<{ credentialRecordId: string; connectionId: string }>(
    ctx,
    { method: 'post', path: '/credentials/negotiate-offer', style: 'agent' },
    ({ body }) => HttpResponse.json(acceptOffer(ctx, body.credentialRecordId, body.connectionId)),
  );
  // `AcceptOfferBody` of openapi.json, the agent's `AcceptCredentialOfferOptions`: the record names
  // its connection, so there is no `connectionId`, and no other field is allowed.
  const accept = endpoint<{ credentialRecordId: string }>(
    ctx,
    { method: 'post', path: '/credentials/accept-offer', style: 'agent' },
    ({ body }) => HttpResponse.json(acceptOffer(ctx, body.credentialRecordId)),
  );
  return ctx.flavor === 'platform' ? [list, negotiate, accept] : [list, negotiate];
}
