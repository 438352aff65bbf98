import * as z from 'zod/mini';
import {
  extra,
  Identifier,
  Metadata,
  maybe,
  type OpenEnum,
  openEnum,
  responseObject,
  Uuid,
} from './common.js';
import { AutoAcceptSchema, ProtocolVersionSchema, requestEnum } from './enums.js';
import { list } from './list.js';
import { looseObject, strictObject } from './object.js';

/** Credential exchange states of the issue-credential protocols (RFC 0036 and RFC 0453). */
export const CREDENTIAL_STATES = [
  'proposal-sent',
  'proposal-received',
  'offer-sent',
  'offer-received',
  'declined',
  'request-sent',
  'request-received',
  'credential-issued',
  'credential-received',
  'done',
  'abandoned',
] as const;
/** A credential exchange state: one of {@link CREDENTIAL_STATES}, or another string. */
export type CredentialState = OpenEnum<typeof CREDENTIAL_STATES>;

/** Roles a credential exchange record can have. */
export const CREDENTIAL_ROLES = ['issuer', 'holder'] as const;
/** A credential exchange role: `issuer`, `holder`, or another string. */
export type CredentialRole = OpenEnum<typeof CREDENTIAL_ROLES>;

/**
 * A credential exchange record. The spec does not say which fields are always present, so only
 * `id` is required; the element fields of `credentials` and `credentialAttributes` are not shown
 * either, so they are typed as real agents send them and anything else is kept.
 */
export const CredentialExchangeRecord = responseObject({
  id: z.string(),
  createdAt: maybe(z.string()),
  updatedAt: extra(z.string()),
  connectionId: maybe(z.string()),
  threadId: maybe(z.string()),
  parentThreadId: extra(z.string()),
  protocolVersion: maybe(z.string()),
  state: maybe(openEnum(CREDENTIAL_STATES)),
  role: extra(openEnum(CREDENTIAL_ROLES)),
  autoAcceptCredential: extra(z.string()),
  errorMessage: extra(z.string()),
  credentials: maybe(
    list(
      responseObject({
        credentialRecordType: extra(z.string()),
        credentialRecordId: extra(z.string()),
      }),
    ),
  ),
  credentialAttributes: maybe(
    list(
      responseObject({ 'mime-type': extra(z.string()), name: extra(z.string()), value: maybe(z.unknown()) }),
    ),
  ),
  metadata: maybe(Metadata),
  _tags: maybe(
    responseObject({
      state: maybe(z.string()),
      threadId: maybe(z.string()),
      connectionId: maybe(z.string()),
    }),
  ),
});
export type CredentialExchangeRecord = z.output<typeof CredentialExchangeRecord>;

/**
 * The list of `GET /credentials` (no paging: every record, in storage order). A `null` element is
 * dropped; validation stops at the tenth failing record.
 */
export const CredentialExchangeRecordList = list(CredentialExchangeRecord);

/** Query filters of `GET /credentials`; all optional. */
export const CredentialListParams = strictObject({
  threadId: z.optional(Identifier),
  parentThreadId: z.optional(Identifier),
  connectionId: z.optional(Identifier),
  state: z.optional(requestEnum(CREDENTIAL_STATES)),
  role: z.optional(requestEnum(CREDENTIAL_ROLES)),
});
export type CredentialListParams = z.input<typeof CredentialListParams>;

/** Body of `POST /credentials/negotiate-offer`. The format objects' contents are not documented. */
export const NegotiateOfferParams = strictObject({
  protocolVersion: ProtocolVersionSchema,
  credentialFormats: looseObject({
    indy: z.optional(z.record(z.string(), z.unknown())),
    jsonld: z.optional(z.record(z.string(), z.unknown())),
    anoncreds: z.optional(z.record(z.string(), z.unknown())),
  }),
  credentialRecordId: Uuid,
  connectionId: Uuid,
  autoAcceptCredential: z.optional(AutoAcceptSchema),
  comment: z.optional(z.string()),
});
export type NegotiateOfferParams = z.input<typeof NegotiateOfferParams>;
