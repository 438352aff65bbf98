import * as z from 'zod/mini';
import { extra, Metadata, maybe, NonEmpty, openEnum, responseObject } from './common.js';
import { ConnectionRecord } from './connections.js';
import { list } from './list.js';
import { strictObject } from './object.js';

/** Out-of-band record states seen on real agents. */
export const OUT_OF_BAND_STATES = ['initial', 'await-response', 'prepare-response', 'done'] as const;
/** Out-of-band roles seen on real agents. */
export const OUT_OF_BAND_ROLES = ['sender', 'receiver'] as const;

/** A DIDComm service of an invitation. The spec lists its fields without promising any of them. */
export const OutOfBandService = responseObject({
  id: maybe(z.string()),
  serviceEndpoint: maybe(z.string()),
  type: maybe(z.string()),
  recipientKeys: maybe(list(z.string())),
  routingKeys: maybe(list(z.string())),
});
export type OutOfBandService = z.output<typeof OutOfBandService>;

/**
 * The invitation message. Real agents may list plain DID strings among `services`. The spec lists
 * its fields without promising any of them, and the SDK reads none of them itself.
 */
export const OutOfBandInvitation = responseObject({
  '@type': maybe(z.string()),
  '@id': maybe(z.string()),
  label: maybe(z.string()),
  accept: maybe(list(z.string())),
  handshake_protocols: maybe(list(z.string())),
  services: maybe(list(z.union([OutOfBandService, z.string()]))),
});
export type OutOfBandInvitation = z.output<typeof OutOfBandInvitation>;

/** An out-of-band record. Only `id` is promised; every documented field is typed when present. */
export const OutOfBandRecord = responseObject({
  id: z.string(),
  createdAt: maybe(z.string()),
  updatedAt: extra(z.string()),
  reusable: maybe(z.boolean()),
  state: extra(openEnum(OUT_OF_BAND_STATES)),
  role: extra(openEnum(OUT_OF_BAND_ROLES)),
  metadata: maybe(Metadata),
  _tags: maybe(
    responseObject({
      invitationId: maybe(z.string()),
      state: maybe(openEnum(OUT_OF_BAND_STATES)),
      role: maybe(openEnum(OUT_OF_BAND_ROLES)),
      recipientKeyFingerprints: maybe(list(z.string())),
    }),
  ),
  outOfBandInvitation: maybe(OutOfBandInvitation),
});
export type OutOfBandRecord = z.output<typeof OutOfBandRecord>;

/** Body of `POST /oob/{outOfBandId}/accept-invitation`; every field is optional. */
export const AcceptInvitationParams = strictObject({
  autoAcceptConnection: z.optional(z.boolean()),
  reuseConnection: z.optional(z.boolean()),
  label: z.optional(NonEmpty),
  alias: z.optional(NonEmpty),
  imageUrl: z.optional(z.url('must be a URL')),
  mediatorId: z.optional(NonEmpty),
});
export type AcceptInvitationParams = z.input<typeof AcceptInvitationParams>;

/**
 * Result of accepting an invitation. The spec requires `connectionRecord`; real agents leave it out
 * for connection-less invitations, so it is optional here.
 */
export const AcceptInvitationResult = responseObject({
  connectionRecord: maybe(ConnectionRecord),
  outOfBandRecord: OutOfBandRecord,
});
export type AcceptInvitationResult = z.output<typeof AcceptInvitationResult>;
