import { randomUUID } from 'node:crypto';
import type { HttpHandler } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { AgentFailure, badRequest, created } from '../http.js';
import { now } from '../records/common.js';
import { credentialRecord, subjectAttributes } from '../records/credential.js';
import {
  invitationDid,
  invitationUrl,
  type SandboxOutOfBandRecord,
  senderOutOfBand,
} from '../records/oob.js';

type Attribute = { name: string; value: string };
type Credential = { credentialSubject?: Record<string, unknown> };

/** `OfferCreateBody` of openapi.json, as far as the sandbox reads it. */
interface OfferCreateBody extends Omit<OfferInput, 'orgId' | 'attributes'> {
  attributes: Attribute[];
  isShortenUrl: boolean;
  credential: Credential;
}

/** `OfferEmailBody` of openapi.json, as far as the sandbox reads it. */
interface OfferEmailBody extends Omit<OfferInput, 'orgId' | 'attributes'> {
  credentialOffer: { emailId: string; attributes?: Attribute[]; credential?: Credential }[];
}

/** The offer endpoints' query. */
interface OfferQuery {
  credentialType: 'indy' | 'jsonld';
}

/**
 * What the real services refuse beyond the document: Credo's issue-credential v1 carries only
 * indy credentials (the agent fails, and the platform relays its failure), an indy e-mail offer
 * needs each holder's schema attributes, and a jsonld one each holder's credential and options (400).
 */
function refusal(
  ctx: SandboxContext,
  query: OfferQuery,
  body: { protocolVersion?: string | undefined },
  holders: { attributes?: Attribute[]; credential?: unknown; options?: unknown }[] = [],
): Response | undefined {
  if (query.credentialType === 'jsonld' && body.protocolVersion === 'v1') {
    const message = 'protocolVersion v1 carries only indy credentials: offer jsonld credentials over v2';
    if (ctx.flavor !== 'platform') return badRequest('gateway', [message]);
    throw new AgentFailure(
      500,
      message,
      'CredoError: the issue-credential v1 protocol supports only the indy credential format, not jsonld',
    );
  }
  if (query.credentialType !== 'indy') {
    const absent = holders.flatMap((holder, i) =>
      (['credential', 'options'] as const)
        .filter((field) => holder[field] === undefined)
        .map(
          (field) =>
            `credentialOffer[${i}].${field} is required: a jsonld offer needs each holder's credential and options`,
        ),
    );
    return absent.length > 0 ? badRequest('gateway', absent) : undefined;
  }
  const missing = holders.flatMap((holder, i) =>
    holder.attributes === undefined || holder.attributes.length === 0
      ? [`credentialOffer[${i}].attributes should not be empty: an indy offer needs the schema's attributes`]
      : [],
  );
  return missing.length > 0 ? badRequest('gateway', missing) : undefined;
}

/** What one out-of-band offer is made of, whichever endpoint asked for it. */
interface OfferInput {
  orgId: string;
  comment?: string | undefined;
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
  const create = endpoint<OfferCreateBody, OfferQuery>(
    ctx,
    { method: 'post', path: '/orgs/:orgId/credentials/oob/offer', style: 'gateway' },
    ({ body, query, param }) => {
      const refused = refusal(ctx, query, body);
      if (refused) return refused;
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
  const email = endpoint<OfferEmailBody, OfferQuery>(
    ctx,
    { method: 'post', path: '/orgs/:orgId/credentials/oob/email', style: 'gateway' },
    ({ body, query, param }) => {
      const limit = ctx.emailBatchLimit;
      if (body.credentialOffer.length > limit) {
        return badRequest('gateway', [`credentialOffer must contain no more than ${limit} elements`]);
      }
      const refused = refusal(ctx, query, body, body.credentialOffer);
      if (refused) return refused;
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
