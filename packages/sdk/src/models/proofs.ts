import * as z from 'zod/mini';
import { extra, Metadata, maybe, NonEmpty, OrgEnvelope, openEnum, responseObject } from './common.js';
import { AutoAcceptProofSchema, ProtocolVersionSchema, requestEnum } from './enums.js';
import { looseObject, strictObject } from './object.js';

/** Values of the `requestType` query. */
export const PROOF_REQUEST_TYPES = ['indy', 'presentationExchange'] as const;
/** Comparison operators of a predicate. */
export const PREDICATE_CONDITIONS = ['>=', '>', '<=', '<'] as const;
/** Proof exchange states seen on real agents. */
export const PROOF_STATES = [
  'proposal-sent',
  'proposal-received',
  'request-sent',
  'request-received',
  'presentation-sent',
  'presentation-received',
  'declined',
  'abandoned',
  'done',
] as const;

/** A requested attribute or predicate; `value` is a number written as a string. */
export const ProofAttribute = strictObject({
  attributeName: NonEmpty,
  condition: requestEnum(PREDICATE_CONDITIONS),
  value: z.string(),
  credDefId: NonEmpty,
  schemaId: z.optional(NonEmpty),
});
export type ProofAttribute = z.input<typeof ProofAttribute>;

/**
 * The ledger-format entry. The field table calls the list `attributes`; the examples show the same
 * list under `predicates`. Both are accepted; at least one must be given.
 */
export const LedgerProofFormat = strictObject({
  attributes: z.optional(z.array(ProofAttribute)),
  predicates: z.optional(z.array(ProofAttribute)),
}).check(
  z.refine((f) => f.attributes !== undefined || f.predicates !== undefined, {
    message: 'must hold attributes or predicates',
  }),
);

/** A presentation-exchange input descriptor. */
export const InputDescriptor = looseObject({
  id: NonEmpty,
  name: z.string(),
  purpose: z.string(),
  schema: z.array(looseObject({ uri: NonEmpty })),
  constraints: looseObject({
    fields: z.optional(z.array(looseObject({ path: z.array(NonEmpty).check(z.minLength(1)) }))),
  }),
});

/** A presentation-exchange definition: its `input_descriptors`. */
export const PresentationDefinition = looseObject({
  id: z.optional(z.string()),
  input_descriptors: z.array(InputDescriptor),
});

/**
 * `proofFormats`: listed as an array of objects, but the examples show an object; the examples
 * win. As the spec marks it, `presentationDefinition` is required and the ledger entry optional.
 */
export const ProofFormats = strictObject({
  indy: z.optional(LedgerProofFormat),
  presentationDefinition: z.optional(PresentationDefinition),
});

/** Body of `POST /orgs/{orgId}/proofs`. */
export const ProofRequestParams = strictObject({
  connectionId: NonEmpty,
  proofFormats: ProofFormats,
  goalCode: z.optional(z.string()),
  parentThreadId: z.optional(z.string()),
  willConfirm: z.optional(z.boolean()),
  protocolVersion: z.optional(ProtocolVersionSchema),
  comment: z.optional(z.string()),
  // The spec types it as an object without fields; real deployments send a string.
  autoAcceptProof: z.optional(AutoAcceptProofSchema),
  /**
   * The presentation definition where the platform reads it: at the top level, beside
   * `proofFormats` (the spec puts it inside `proofFormats`; give it in one place or the other).
   */
  presentationDefinition: z.optional(PresentationDefinition),
}).check(
  z.refine(
    (body) =>
      body.presentationDefinition !== undefined ||
      body.proofFormats.presentationDefinition !== undefined ||
      body.proofFormats.indy !== undefined,
    {
      path: ['proofFormats', 'presentationDefinition'],
      message: 'is required (or presentationDefinition at the top level, or proofFormats.indy)',
    },
  ),
);
export type ProofRequestParams = z.input<typeof ProofRequestParams>;

/** Query of `POST /orgs/{orgId}/proofs`. */
export const ProofRequestQuery = strictObject({
  requestType: requestEnum(PROOF_REQUEST_TYPES),
});
export type ProofRequestQuery = z.input<typeof ProofRequestQuery>;

/**
 * A proof exchange record: what the agent answers a proof request with (credo-controller's
 * `ProofExchangeRecord`), inside the `/orgs` envelope. Only `id` is promised, and the call has no
 * use without it; every other documented field is typed when present.
 */
export const ProofExchangeRecord = responseObject({
  id: NonEmpty,
  createdAt: maybe(z.string()),
  updatedAt: extra(z.string()),
  connectionId: maybe(z.string()),
  threadId: maybe(z.string()),
  parentThreadId: extra(z.string()),
  protocolVersion: maybe(z.string()),
  state: maybe(openEnum(PROOF_STATES)),
  isVerified: extra(z.boolean()),
  metadata: maybe(Metadata),
});
export type ProofExchangeRecord = z.output<typeof ProofExchangeRecord>;

/**
 * The answer of `proofs.request`: the `/orgs` envelope around the {@link ProofExchangeRecord}. An
 * answer whose `data` is not a record with an `id` (`true`, a bare string: no deployment we know
 * sends one, and a string is not known to be the id) fails as a response validation error.
 */
export const ProofRequestResponse = OrgEnvelope(ProofExchangeRecord);
