import { randomUUID } from 'node:crypto';
import { OfferCreateParams, OfferEmailParams, OfferQuery } from '@credential-agent/sdk/models';
import type { HttpHandler } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { badRequest, created } from '../http.js';
import { now } from '../records/common.js';
import { credentialRecord, subjectAttributes } from '../records/credential.js';
import {
  invitationDid,
  invitationUrl,
  type SandboxOutOfBandRecord,
  senderOutOfBand,
} from '../records/oob.js';

/** What one out-of-band offer is made of, whichever endpoint asked for it. */
interface OfferInput {
  orgId: string;
  comment: string;
  attributes: { name: string; value: string }[];
  protocolVersion?: string | undefined;
  parentThreadId?: string | undefined;
  autoAcceptCredential?: string | undefined;
  label?: string | undefined;
  imageUrl?: string | undefined;
  goalCode?: string | undefined;
}

/**
 * Stores an offer: the issuer's out-of-band record (`await-response`, role `sender`) and its
 * exchange record (`offer-sent`, role `issuer`), sharing the thread the holder will answer on.
 */
function storeOffer(
  ctx: SandboxContext,
  input: OfferInput,
): { oob: SandboxOutOfBandRecord; threadId: string } {
  const threadId = randomUUID();
  const org = ctx.state.orgs.get(input.orgId);
  const oob = senderOutOfBand({
    baseUrl: ctx.baseUrl,
    label: input.label ?? org?.name ?? 'Issuer',
    threadId,
    comment: input.comment,
    attributes: input.attributes,
    imageUrl: input.imageUrl,
    goalCode: input.goalCode,
  });
  oob.metadata = { orgId: input.orgId };
  const issuer = credentialRecord('issuer', 'offer-sent', {
    threadId,
    parentThreadId: input.parentThreadId,
    protocolVersion: input.protocolVersion ?? 'v2',
    autoAcceptCredential: input.autoAcceptCredential ?? 'always',
    attributes: input.attributes,
  });
  ctx.state.addOutOfBand(oob);
  ctx.state.addCredential(issuer);
  return { oob, threadId };
}

/** `POST /orgs/{orgId}/credentials/oob/offer` and `…/oob/email` of the gateway. */
export function offerHandlers(ctx: SandboxContext): HttpHandler[] {
  const create = endpoint(
    ctx,
    {
      method: 'post',
      path: '/orgs/:orgId/credentials/oob/offer',
      style: 'gateway',
      body: OfferCreateParams,
      query: OfferQuery,
    },
    ({ body, param }) => {
      const attributes =
        body.attributes.length > 0 ? body.attributes : subjectAttributes(body.credential.credentialSubject);
      const { oob, threadId } = storeOffer(ctx, { ...body, orgId: param('orgId'), attributes });
      const url = invitationUrl(ctx.baseUrl, oob);
      return created('Out-of-band credential offer created successfully', {
        invitationUrl: body.isShortenUrl ? `${ctx.baseUrl}/url/${oob.id}` : url,
        ...(body.isShortenUrl ? { deepLinkURL: url.replace(/^https?:\/\/[^?]*/, 'didcomm://invite') } : {}),
        invitation: oob.outOfBandInvitation,
        outOfBandRecord: oob,
        outOfBandRecordId: oob.id,
        credentialRequestThId: threadId,
        invitationDid: invitationDid(oob),
      });
    },
  );
  const email = endpoint(
    ctx,
    {
      method: 'post',
      path: '/orgs/:orgId/credentials/oob/email',
      style: 'gateway',
      body: OfferEmailParams,
      query: OfferQuery,
    },
    ({ body, param }) => {
      const limit = ctx.emailBatchLimit;
      if (body.credentialOffer.length > limit) {
        return badRequest('gateway', [`credentialOffer must contain no more than ${limit} elements`]);
      }
      const orgId = param('orgId');
      for (const item of body.credentialOffer) {
        const attributes = item.attributes ?? subjectAttributes(item.credential?.credentialSubject);
        const { oob } = storeOffer(ctx, { ...body, orgId, attributes });
        const sent = { to: item.emailId, orgId, outOfBandId: oob.id, sentAt: now() };
        ctx.state.deliver({ ...sent, invitationUrl: invitationUrl(ctx.baseUrl, oob) });
      }
      return created('Out-of-band credential offers sent by e-mail', true);
    },
  );
  return [create, email];
}
