import { CredentialListParams, NegotiateOfferParams } from '@credential-agent/sdk/models';
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
 */
function negotiate(ctx: SandboxContext, recordId: string, connectionId: string): SandboxCredentialRecord {
  const holder = ctx.state.credentials.get(recordId);
  if (!holder) throw recordNotFound('CredentialRecord', recordId);
  if (holder.connectionId !== connectionId) throw recordNotFound('ConnectionRecord', connectionId);
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

/** `GET /credentials` and `POST /credentials/negotiate-offer` of the agent controller. */
export function credentialHandlers(ctx: SandboxContext): HttpHandler[] {
  return [
    endpoint(
      ctx,
      { method: 'get', path: '/credentials', style: 'agent', query: CredentialListParams },
      ({ query }) => HttpResponse.json([...ctx.state.credentials.values()].filter((r) => matches(r, query))),
    ),
    endpoint(
      ctx,
      { method: 'post', path: '/credentials/negotiate-offer', style: 'agent', body: NegotiateOfferParams },
      ({ body }) => HttpResponse.json(negotiate(ctx, body.credentialRecordId, body.connectionId)),
    ),
  ];
}
