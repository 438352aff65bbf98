import * as z from 'zod/mini';
import { CredentialAttributeInput, extra, NonEmpty, OrgEnvelope, responseObject } from './common.js';
import { AutoAcceptSchema, CredentialTypeSchema, ProtocolVersionSchema } from './enums.js';
import { looseObject, strictObject } from './object.js';
import { OutOfBandRecord } from './oob.js';

/** Linked-data proof options of a JSON-LD credential (e.g. `Ed25519Signature2018`, `assertionMethod`). */
export const ProofOptions = looseObject({ proofType: NonEmpty, proofPurpose: NonEmpty });
export type ProofOptions = z.input<typeof ProofOptions>;

const Issuer = looseObject({ id: NonEmpty });
const CredentialSubject = z.record(z.string(), z.unknown());

/** Rendering hints for a printable credential. */
export const PrettyVc = looseObject({
  certificate: z.optional(z.string()),
  size: z.optional(z.string()),
  orientation: z.optional(z.string()),
});

/** The W3C credential of a shareable offer: every field but `prettyVc` is required. */
export const OfferCredential = looseObject({
  '@context': z.array(NonEmpty).check(z.minLength(1, 'must list at least one context')),
  type: z.array(NonEmpty).check(z.minLength(1, 'must list at least one type')),
  id: NonEmpty,
  issuer: Issuer,
  issuanceDate: NonEmpty,
  expirationDate: NonEmpty,
  credentialSubject: CredentialSubject,
  // The spec lists `options` without fields; the e-mail examples give it proofType and proofPurpose.
  options: looseObject({ proofType: z.optional(z.string()), proofPurpose: z.optional(z.string()) }),
  prettyVc: z.optional(PrettyVc),
});
export type OfferCredential = z.input<typeof OfferCredential>;

/** The W3C credential of an e-mail offer element, as the spec's examples show it. */
export const EmailCredential = looseObject({
  '@context': z.array(NonEmpty).check(z.minLength(1, 'must list at least one context')),
  type: z.array(NonEmpty).check(z.minLength(1, 'must list at least one type')),
  issuer: Issuer,
  issuanceDate: NonEmpty,
  credentialSubject: CredentialSubject,
});
export type EmailCredential = z.input<typeof EmailCredential>;

/**
 * One holder of an e-mail offer. The spec lists `credentialOffer` as an array of strings but its
 * examples show objects; the examples win. `attributes` carries indy offers, `credential` and
 * `options` JSON-LD ones (as real deployments do).
 */
export const EmailOfferItem = strictObject({
  emailId: z.email('must be an e-mail address'),
  credential: z.optional(EmailCredential),
  options: z.optional(ProofOptions),
  attributes: z.optional(z.array(CredentialAttributeInput)),
});
export type EmailOfferItem = z.input<typeof EmailOfferItem>;

const OfferEmailFields = strictObject({
  credentialOffer: z.array(EmailOfferItem).check(z.minLength(1, 'must hold at least one offer')),
  credentialDefinitionId: NonEmpty,
  /** Shown to the holders; leave it out rather than send `""` (the platform refuses an empty one). */
  comment: z.optional(NonEmpty),
  protocolVersion: ProtocolVersionSchema,
  credentialType: CredentialTypeSchema,
  isReuseConnection: z.optional(z.boolean()),
});

/**
 * Body of `POST /orgs/{orgId}/credentials/oob/email`. `credentialType` is listed as an object but
 * the examples send the string `jsonld`; the examples win. An indy offer needs each holder's
 * schema attributes (the platform answers 400 without them).
 */
export const OfferEmailParams = OfferEmailFields.check(
  z.superRefine((body, ctx) => {
    if (body.credentialType !== 'indy') return;
    body.credentialOffer.forEach((item, i) => {
      if (item.attributes === undefined || item.attributes.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['credentialOffer', i, 'attributes'],
          message: "is required for an indy offer: the schema's attributes",
        });
      }
    });
  }),
);
export type OfferEmailParams = z.input<typeof OfferEmailParams>;

/** The body shared by every request of a bulk e-mail send: an e-mail offer body without `credentialOffer`. */
export const BulkEmailParams = z.omit(OfferEmailFields, { credentialOffer: true });
export type BulkEmailParams = z.input<typeof BulkEmailParams>;

/**
 * Body of `POST /orgs/{orgId}/credentials/oob/offer`. As in the spec, `credentialDefinitionId`,
 * `attributes` and `credential` are all required whatever the credential type; `credentialType`
 * is a string as in the examples (the field table says object).
 */
export const OfferCreateParams = strictObject({
  credentialDefinitionId: NonEmpty,
  /** Shown to the holder; leave it out rather than send `""` (the platform refuses an empty one). */
  comment: z.optional(NonEmpty),
  credentialType: CredentialTypeSchema,
  attributes: z.array(CredentialAttributeInput),
  isShortenUrl: z.boolean(),
  credential: OfferCredential,
  protocolVersion: z.optional(ProtocolVersionSchema),
  goalCode: z.optional(z.string()),
  parentThreadId: z.optional(z.string()),
  willConfirm: z.optional(z.boolean()),
  label: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  autoAcceptCredential: z.optional(AutoAcceptSchema),
  reuseConnection: z.optional(z.boolean()),
});
export type OfferCreateParams = z.input<typeof OfferCreateParams>;

/** Query of both offer endpoints. */
export const OfferQuery = strictObject({ credentialType: CredentialTypeSchema });
export type OfferQuery = z.input<typeof OfferQuery>;

/**
 * `data` of a created shareable offer. The spec does not show it; real gateways send these fields.
 * `invitationUrl` (shortened with `isShortenUrl`) is the link to share: every real gateway sends it
 * and the call has no use without it, so it is required. `deepLinkURL` comes with `isShortenUrl`
 * on the gateways that add it.
 */
export const OfferCreated = responseObject({
  invitationUrl: z.string(),
  deepLinkURL: extra(z.string()),
  invitation: extra(z.record(z.string(), z.unknown())),
  outOfBandRecord: extra(OutOfBandRecord),
  outOfBandRecordId: extra(z.string()),
  credentialRequestThId: extra(z.string()),
  invitationDid: extra(z.string()),
});
export type OfferCreated = z.output<typeof OfferCreated>;

/** The answer of `offers.create`: the `/orgs` envelope around {@link OfferCreated}. */
export const OfferCreateResponse = OrgEnvelope(OfferCreated);

/** `data` of an e-mail offer: `true` on real gateways; the spec says an object. */
export const OfferEmailResponse = OrgEnvelope(z.union([z.boolean(), z.record(z.string(), z.unknown())]));
