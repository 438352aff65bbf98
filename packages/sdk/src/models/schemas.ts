import * as z from 'zod/mini';
import { Metadata, maybe, NonEmpty, type OpenEnum, openEnum, responseObject } from './common.js';
import { list } from './list.js';
import { strictObject } from './object.js';

/** Schema registration states. */
export const SCHEMA_REGISTRATION_STATES = ['finished', 'action', 'wait', 'failed'] as const;
/** A schema registration state: one of {@link SCHEMA_REGISTRATION_STATES}, or another string. */
export type SchemaRegistrationState = OpenEnum<typeof SCHEMA_REGISTRATION_STATES>;

/** Body of `POST /schemas`. */
export const SchemaCreateParams = strictObject({
  issuerId: NonEmpty,
  name: NonEmpty,
  version: z.string().check(z.regex(/^\d+\.\d+\.\d+$/, 'must look like 1.0.0')),
  attributes: z.array(NonEmpty).check(z.minLength(1, 'must list at least one attribute')),
  endorse: z.optional(z.boolean()),
  endorserDid: z.optional(NonEmpty),
});
export type SchemaCreateParams = z.input<typeof SchemaCreateParams>;

/** A schema as the ledger holds it. */
export const LedgerSchema = responseObject({
  issuerId: z.string(),
  name: z.string(),
  version: z.string(),
  attrNames: list(z.string()),
  schemaId: maybe(z.string()),
});
export type LedgerSchema = z.output<typeof LedgerSchema>;

/** A schema as far as a registration answer describes it: every field typed when present. */
export const PartialSchema = responseObject({
  issuerId: maybe(z.string()),
  name: maybe(z.string()),
  version: maybe(z.string()),
  attrNames: maybe(list(z.string())),
  schemaId: maybe(z.string()),
});
export type PartialSchema = z.output<typeof PartialSchema>;
const State = openEnum(SCHEMA_REGISTRATION_STATES);

/**
 * `schemaState`: the spec's four variants (with `action`, with `reason`, with `schema`) merged into
 * one object whose fields are typed when present. Real agents put `schemaId` beside `schema`
 * (credo-controller's `RegisterSchemaReturnState*`); the spec shows it inside; both are read.
 */
export const SchemaState = responseObject({
  state: State,
  schemaId: maybe(z.string()),
  schema: maybe(PartialSchema),
  action: maybe(z.string()),
  reason: maybe(z.string()),
});
export type SchemaState = z.output<typeof SchemaState>;

/** Response shape 1: a registration result with `schemaState`. */
export const SchemaRegistrationResult = responseObject({
  jobId: maybe(z.string()),
  schemaState: SchemaState,
  schemaMetadata: Metadata,
  registrationMetadata: Metadata,
});

/** Response shape 2: `{ state, schema }`; the example also shows `schemaId` beside `schema`. */
export const SchemaFlatResult = responseObject({
  state: State,
  schema: LedgerSchema,
  schemaId: maybe(z.string()),
});

/** Either answer of `POST /schemas`. */
export const SchemaCreateResponse = z.union([SchemaRegistrationResult, SchemaFlatResult]);
/** Either answer of `POST /schemas`, parsed. */
export type SchemaCreateResponse = z.output<typeof SchemaCreateResponse>;

/** What `schemas.create` returns: registration has finished, and the ledger id is known. */
export interface SchemaCreated {
  /** Always `finished`: any other state throws {@link SchemaRegistrationError}. */
  state: 'finished';
  /** The ledger id of the schema (an answer without one is a {@link ResponseValidationError}). */
  schemaId: string;
  /** The schema as registered, as far as the service reported it. */
  schema: PartialSchema | undefined;
  /** The registration job id, when there is one. */
  jobId: string | undefined;
  /** The whole parsed answer; read fields it does not name with {@link unknownFields}. */
  raw: SchemaCreateResponse;
}
