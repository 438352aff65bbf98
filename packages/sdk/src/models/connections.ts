import * as z from 'zod';
import { Metadata, openEnum } from './common.js';

/** Connection states of RFC 0023, as real agents report them. */
export const CONNECTION_STATES = [
  'start',
  'invitation-sent',
  'invitation-received',
  'request-sent',
  'request-received',
  'response-sent',
  'response-received',
  'abandoned',
  'completed',
] as const;
/** Connection roles seen on real agents. */
export const CONNECTION_ROLES = ['requester', 'responder'] as const;

/** A connection record. Only `id` is promised; every documented field is typed when present. */
export const ConnectionRecord = z.looseObject({
  id: z.string(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  did: z.string().optional(),
  invitationDid: z.string().optional(),
  outOfBandId: z.string().optional(),
  state: openEnum(CONNECTION_STATES).optional(),
  role: openEnum(CONNECTION_ROLES).optional(),
  metadata: Metadata.optional(),
  _tags: z
    .looseObject({
      invitationDid: z.string().optional(),
      did: z.string().optional(),
      invitationKey: z.string().optional(),
      outOfBandId: z.string().optional(),
      verkey: z.string().optional(),
    })
    .optional(),
});
export type ConnectionRecord = z.output<typeof ConnectionRecord>;
