import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { looseObject, strictObject } from './object.js';
import {
  KNOWN_FIELDS,
  markDescriptor,
  registerAbsentOnFailure,
  registerResponseObject,
} from './schema-kinds.js';

// zod's classic API sets its English messages when it loads; `zod/mini` sets none, and the SDK's
// errors quote zod's messages. English, then, unless the application has chosen a language.
if (!z.config().localeError) z.config(en());

/** The type of an open enum: the known values, or any other string. */
export type OpenEnum<T extends readonly string[]> = T[number] | (string & {});

/**
 * A string enum that stays open, for responses: the known values are typed (and offered by
 * editors), any other string is accepted too, because the service documents only the values it
 * has been seen to use.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodMiniType<OpenEnum<T>, OpenEnum<T>> {
  return z.string().register(z.globalRegistry, {
    description: `one of ${values.join(', ')} (other values are accepted)`,
  }) as unknown as z.ZodMiniType<OpenEnum<T>, OpenEnum<T>>;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string we send, if anything: blank, or not well-formed Unicode. */
function textProblem(s: string): string | undefined {
  if (s.trim() === '') return 'must not be empty';
  if (LONE_SURROGATE.test(s)) return 'must be well-formed Unicode (it holds a lone surrogate)';
  return undefined;
}

/**
 * A string that is not blank and is well-formed Unicode. It is sent exactly as given: never
 * trimmed, so a value is refused rather than quietly changed.
 */
export const NonEmpty = z.string().check(
  z.superRefine((s, ctx) => {
    const message = textProblem(s);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
);

/** An identifier or filter value: {@link NonEmpty}, and no white space around it. */
export const Identifier = NonEmpty.check(
  z.refine((s) => s.trim() === s, {
    message: 'must not start or end with white space',
    abort: true,
  }),
);

/** A record identifier used as a path segment: an {@link Identifier}, and never `.` or `..`. */
export const Id = Identifier.check(z.refine((s) => s !== '.' && s !== '..', 'must not be "." or ".."'));

/** Identifiers the service documents as UUIDs. */
export const Uuid = z.guid('must be a UUID');

/** An ISO 8601 timestamp, as we send it (responses accept any string). */
export const IsoTimestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' });

/**
 * A response field the spec lists without promising its presence: absent and `null` (which
 * database-backed deployments send) both read as absent; any other value must have the listed type.
 * (The `null` is accepted here and made absent by the enclosing {@link responseObject}, in one pass
 * over its fields: cheaper than a transform per field.)
 */
export function maybe<T extends z.ZodMiniType>(schema: T): z.ZodMiniOptional<T> {
  return z.nullish(schema) as unknown as z.ZodMiniOptional<T>;
}

/**
 * A response field the spec does not list, typed as real deployments send it. It never fails a
 * parse: absent, `null` or a value of another type reads as absent.
 */
export function extra<T extends z.ZodMiniType>(schema: T): z.ZodMiniCatch<z.ZodMiniOptional<T>> {
  const field = z.catch(z.nullish(schema), undefined);
  registerAbsentOnFailure(field);
  return field as unknown as z.ZodMiniCatch<z.ZodMiniOptional<T>>;
}

/**
 * Marks `value` when it holds a field not among `fields`, for {@link unknownFields}; returns it.
 * Objects without such a field are left untouched (nothing to find, nothing to pay).
 */
export function markUnknownFields<T extends object>(value: T, fields: ReadonlySet<string>): T {
  for (const key in value) {
    if (!fields.has(key)) {
      Object.defineProperty(value, KNOWN_FIELDS, markDescriptor(fields));
      break;
    }
  }
  return value;
}

/**
 * An object of a response: fields it does not name are kept at run time (servers add fields; they
 * reach the caller through {@link unknownFields}), but its type names only the fields of `shape`,
 * with no index signature, so a misspelt field is a compile error. A named field that is `null`
 * (what {@link maybe} and {@link extra} accept) reads as absent.
 */
export function responseObject<S extends z.core.$ZodLooseShape>(shape: S): z.ZodMiniObject<S, z.core.$strip> {
  const fields: ReadonlySet<string> = new Set(Object.keys(shape));
  const schema = looseObject(shape).check((payload) => {
    const value = payload.value as Record<string, unknown>;
    let unknown = false;
    for (const key in value) {
      if (!fields.has(key)) unknown = true;
      else if (value[key] === null) value[key] = undefined;
    }
    if (unknown) Object.defineProperty(value, KNOWN_FIELDS, markDescriptor(fields));
  });
  registerResponseObject(schema, fields);
  return schema as unknown as z.ZodMiniObject<S, z.core.$strip>;
}

/**
 * The fields of an answer that its type does not name: what a deployment sends beyond the spec
 * (`autoAcceptConnection`, `refresh_token`, …). Records keep them, at any depth, and this is the
 * typed way to read them: for a record, or any object inside it (`_tags`, an element of
 * `credentialAttributes`, the `/orgs` envelope and its `data`).
 * @returns a frozen object with only the fields the type does not name; empty when there are none,
 * and for an object the SDK did not parse or a copy of one (`{ ...record }`, `structuredClone`).
 * @example
 * const [record] = await agent.credentials.list();
 * const extra = unknownFields(record); // e.g. { autoAcceptConnection: true }
 * if (typeof extra['autoAcceptConnection'] === 'boolean') use(extra['autoAcceptConnection']);
 */
export function unknownFields(record: object): Readonly<Record<string, unknown>> {
  const fields = (record as { [KNOWN_FIELDS]?: ReadonlySet<string> } | null)?.[KNOWN_FIELDS];
  const entries = fields ? Object.entries(record).filter(([key]) => !fields.has(key)) : [];
  return Object.freeze(Object.fromEntries(entries));
}

/** A key-value map whose contents the service does not document. */
export const Metadata = z.record(z.string(), z.unknown());
export type Metadata = z.infer<typeof Metadata>;

/** A `{ name, value }` credential attribute. */
export const CredentialAttributeInput = strictObject({ name: NonEmpty, value: z.string() });
export type CredentialAttributeInput = z.input<typeof CredentialAttributeInput>;

/**
 * The success envelope of the `/orgs/{orgId}` endpoints. The spec lists `message`, `success`, `data`
 * and `statusCode`; real gateways omit `success` and answer `statusCode: 201`, so only `data` is
 * required here.
 */
export function OrgEnvelope<T extends z.ZodMiniType>(data: T) {
  return responseObject({
    statusCode: extra(z.number()),
    message: extra(z.string()),
    success: extra(z.boolean()),
    data,
  });
}

/**
 * The parsed success envelope of an `/orgs/{orgId}` endpoint. Fields the gateway adds besides
 * these are kept; read them with {@link unknownFields}.
 */
export interface OrgResponse<T> {
  statusCode?: number | undefined;
  message?: string | undefined;
  success?: boolean | undefined;
  data: T;
}
