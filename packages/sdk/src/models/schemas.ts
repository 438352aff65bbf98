import * as z from 'zod';
import { Metadata, maybe, NonEmpty, openEnum, responseObject } from './common.js';

/** Schema registration states. */
export const SCHEMA_REGISTRATION_STATES = ['finished', 'action', 'wait', 'failed'] as const;
/** A schema registration state: one of {@link SCHEMA_REGISTRATION_STATES}, or another string. */
export type SchemaRegistrationState = (typeof SCHEMA_REGISTRATION_STATES)[number] | (string & {});

/** Body of `POST /schemas`. */
export const SchemaCreateParams = z.strictObject({
  issuerId: NonEmpty,
  name: NonEmpty,
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'must look like 1.0.0'),
  attributes: z.array(NonEmpty).min(1, 'must list at least one attribute'),
  endorse: z.boolean().optional(),
  endorserDid: NonEmpty.optional(),
});
export type SchemaCreateParams = z.input<typeof SchemaCreateParams>;

/** A schema as the ledger holds it. */
export const LedgerSchema = responseObject({
  issuerId: z.string(),
  name: z.string(),
  version: z.string(),
  attrNames: z.array(z.string()),
  schemaId: maybe(z.string()),
});
export type LedgerSchema = z.output<typeof LedgerSchema>;

const PARTIAL_SCHEMA = {
  issuerId: maybe(z.string()),
  name: maybe(z.string()),
  version: maybe(z.string()),
  attrNames: maybe(z.array(z.string())),
  schemaId: maybe(z.string()),
};
const PartialSchema = responseObject(PARTIAL_SCHEMA);
/** A schema as far as a registration answer describes it. */
export type PartialSchema = z.output<typeof PartialSchema>;
const IdentifiedSchema = responseObject({ ...PARTIAL_SCHEMA, schemaId: z.string() });
const State = openEnum(SCHEMA_REGISTRATION_STATES);

/** The four `schemaState` variants of the spec, merged: each field is typed when present. */
export const SchemaState = z.union([
  responseObject({ state: State, action: z.string(), schema: IdentifiedSchema }),
  responseObject({ state: State, reason: z.string(), schema: PartialSchema.optional() }),
  responseObject({ state: State, schema: LedgerSchema.optional() }),
  responseObject({ state: State, schema: IdentifiedSchema }),
]);
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

type RegistrationResult = z.output<typeof SchemaRegistrationResult>;
type FlatResult = z.output<typeof SchemaFlatResult>;

/** What `schemas.create` returns once registration has finished. */
export interface SchemaCreated {
  /** Always `finished`; other states throw {@link SchemaRegistrationError}. */
  state: SchemaRegistrationState;
  /** The ledger id of the schema, when the service reported it. */
  schemaId: string | undefined;
  /** The schema as registered, as far as the service reported it. */
  schema: PartialSchema | undefined;
  /** The registration job id, when there is one. */
  jobId: string | undefined;
  /** The whole parsed answer, unknown fields included. */
  raw: SchemaCreateResponse;
}

/** The summary of a registration answer, with the `reason` or `action` of an unfinished one. */
export interface SchemaResultSummary extends SchemaCreated {
  reason: string | undefined;
  action: string | undefined;
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Reads the state, schema, id, reason and action out of either response shape. */
export function summariseSchemaResult(raw: SchemaCreateResponse): SchemaResultSummary {
  if ('schemaState' in raw) {
    const { jobId, schemaState: s } = raw as RegistrationResult;
    const schema: PartialSchema | undefined = s.schema;
    return {
      state: s.state,
      schema,
      schemaId: schema?.schemaId,
      jobId,
      raw,
      reason: 'reason' in s ? text(s.reason) : undefined,
      action: 'action' in s ? text(s.action) : undefined,
    };
  }
  const flat = raw as FlatResult;
  return {
    state: flat.state,
    schema: flat.schema,
    schemaId: flat.schemaId ?? flat.schema.schemaId,
    jobId: undefined,
    raw,
    reason: undefined,
    action: undefined,
  };
}

/** Extracts the reason of a failed registration from the 500 body real agents send. */
export function schemaFailureReason(message: string): string | undefined {
  const m = /Schema creation failed\.?\s*(?:Reason:\s*)?(.*)$/is.exec(message);
  return m ? m[1]?.trim() || message : undefined;
}
