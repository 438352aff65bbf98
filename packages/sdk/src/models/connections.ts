import * as z from 'zod/mini';
import { extra, Metadata, maybe, openEnum, responseObject } from './common.js';

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
export const ConnectionRecord = responseObject({
  id: z.string(),
  createdAt: maybe(z.string()),
  updatedAt: extra(z.string()),
  did: maybe(z.string()),
  invitationDid: maybe(z.string()),
  outOfBandId: maybe(z.string()),
  state: extra(openEnum(CONNECTION_STATES)),
  role: extra(openEnum(CONNECTION_ROLES)),
  metadata: maybe(Metadata),
  _tags: maybe(
    responseObject({
      invitationDid: maybe(z.string()),
      did: maybe(z.string()),
      invitationKey: maybe(z.string()),
      outOfBandId: maybe(z.string()),
      verkey: maybe(z.string()),
    }),
  ),
});
export type ConnectionRecord = z.output<typeof ConnectionRecord>;
