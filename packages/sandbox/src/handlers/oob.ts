import { type HttpHandler, HttpResponse } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { HttpError, recordNotFound } from '../http.js';
import { transition } from '../records/common.js';
import { connectionPair, type InviteeOptions } from '../records/connection.js';
import { credentialRecord, linkConnection } from '../records/credential.js';
import { offerThreadId, type SandboxOutOfBandRecord } from '../records/oob.js';

function findOutOfBand(ctx: SandboxContext, id: string): SandboxOutOfBandRecord {
  const record = ctx.state.outOfBand.get(id);
  if (!record) throw recordNotFound('OutOfBandRecord', id);
  return record;
}

/**
 * Accepting an invitation completes the DID exchange at once (both agents live in the sandbox):
 * the out-of-band record moves to `done`, both connection records are `completed`, the issuer's
 * exchange record is tied to its connection, and the holder gets its side of the exchange in
 * `offer-received` on the same thread.
 */
function accept(ctx: SandboxContext, oob: SandboxOutOfBandRecord, invitee: InviteeOptions) {
  if (oob.state !== 'await-response') {
    throw new HttpError(
      500,
      `CredoError: Out-of-band record ${oob.id} is in state ${oob.state}, expected await-response.`,
    );
  }
  const { holder, issuer } = connectionPair(oob, invitee);
  ctx.state.addConnections(issuer, holder);
  transition(oob, 'done');
  const offer = ctx.state.issuerRecord(offerThreadId(oob));
  if (offer) {
    linkConnection(offer, issuer.id);
    const holderSide = credentialRecord('holder', 'offer-received', {
      threadId: offer.threadId,
      parentThreadId: offer.parentThreadId,
      protocolVersion: offer.protocolVersion,
      attributes: offer.credentialAttributes.map(({ name, value }) => ({ name, value })),
      connectionId: holder.id,
    });
    ctx.state.addCredential(holderSide);
  }
  return { connectionRecord: holder, outOfBandRecord: oob };
}

/** `GET /oob/{id}` and `POST /oob/{id}/accept-invitation` of the agent controller. */
export function oobHandlers(ctx: SandboxContext): HttpHandler[] {
  return [
    endpoint(ctx, { method: 'get', path: '/oob/:outOfBandId', style: 'agent' }, ({ param }) =>
      HttpResponse.json(findOutOfBand(ctx, param('outOfBandId'))),
    ),
    // `AcceptInvitationBody` of openapi.json.
    endpoint<InviteeOptions>(
      ctx,
      { method: 'post', path: '/oob/:outOfBandId/accept-invitation', style: 'agent' },
      ({ param, body }) => HttpResponse.json(accept(ctx, findOutOfBand(ctx, param('outOfBandId')), body)),
    ),
  ];
}
