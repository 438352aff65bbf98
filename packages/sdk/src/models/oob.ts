import * as z from 'zod';
import { extra, Metadata, maybe, NonEmpty, openEnum, responseObject } from './common.js';
import { ConnectionRecord } from './connections.js';

/** Out-of-band record states seen on real agents. */
export const OUT_OF_BAND_STATES = ['initial', 'await-response', 'prepare-response', 'done'] as const;
/** Out-of-band roles seen on real agents. */
export const OUT_OF_BAND_ROLES = ['sender', 'receiver'] as const;

/** A DIDComm service of an invitation. */
export const OutOfBandService = responseObject({
  id: z.string(),
  serviceEndpoint: z.string(),
  type: z.string(),
  recipientKeys: maybe(z.array(z.string())),
  routingKeys: maybe(z.array(z.string())),
});
export type OutOfBandService = z.output<typeof OutOfBandService>;

/** The invitation message. Real agents may list plain DID strings among `services`. */
export const OutOfBandInvitation = responseObject({
  '@type': z.string(),
  '@id': z.string(),
  label: maybe(z.string()),
  accept: maybe(z.array(z.string())),
  handshake_protocols: maybe(z.array(z.string())),
  services: maybe(z.array(z.union([OutOfBandService, z.string()]))),
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
      recipientKeyFingerprints: maybe(z.array(z.string())),
    }),
  ),
  outOfBandInvitation: maybe(OutOfBandInvitation),
});
export type OutOfBandRecord = z.output<typeof OutOfBandRecord>;

/** Body of `POST /oob/{outOfBandId}/accept-invitation`; every field is optional. */
export const AcceptInvitationParams = z.strictObject({
  autoAcceptConnection: z.boolean().optional(),
  reuseConnection: z.boolean().optional(),
  label: NonEmpty.optional(),
  alias: NonEmpty.optional(),
  imageUrl: z.url('must be a URL').optional(),
  mediatorId: NonEmpty.optional(),
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
