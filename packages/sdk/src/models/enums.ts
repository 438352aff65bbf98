import * as z from 'zod/mini';
import { invalidField } from '../core/errors.js';
import { Identifier } from './common.js';

/** The longest string an {@link unknownValue} may send: longer is refused before sending. */
export const UNKNOWN_VALUE_MAX_LENGTH = 1024;

/**
 * What an escaped value must be when sent: an {@link Identifier}, without control characters (C0,
 * DEL, C1: a newline in a query or body field is never a value), at most
 * {@link UNKNOWN_VALUE_MAX_LENGTH} characters.
 */
const EscapedText = Identifier.check(
  z.refine((s) => s.length <= UNKNOWN_VALUE_MAX_LENGTH, {
    message: `must be at most ${UNKNOWN_VALUE_MAX_LENGTH} characters`,
    abort: true,
  }),
  z.refine(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
    (s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s),
    'must not contain control characters',
  ),
);

/**
 * Marks an {@link UnknownValue}. Registered with `Symbol.for`, so every copy of the SDK (ESM and
 * CommonJS, two versions in one install) recognises the values the others make.
 */
const UNKNOWN_VALUE: unique symbol = Symbol.for('@credential-agent/sdk/unknownValue');

/**
 * A value the SDK does not list, deliberately sent in a request field that takes known values
 * (made by {@link unknownValue}). The SDK sends its `value` as the string it is.
 */
export interface UnknownValue {
  /** The string sent. */
  readonly [UNKNOWN_VALUE]: string;
  /** The string sent, so that `JSON.stringify` shows it as sent (`String()` and templates do too). */
  toJSON(): string;
}

/**
 * The type of a request field that takes known values: one of `T`, or a value the SDK does not
 * list yet, written {@link unknownValue}`('…')`. Any other string is a compile error, and is
 * refused at run time too ({@link RequestValidationError}, nothing sent).
 */
export type RequestEnum<T extends readonly string[]> = T[number] | UnknownValue;

/** What every {@link UnknownValue} shares: it reads as its string. */
const UNKNOWN_VALUE_PROTO = Object.freeze({
  toJSON(this: UnknownValue): string {
    return this[UNKNOWN_VALUE];
  },
  toString(this: UnknownValue): string {
    return this[UNKNOWN_VALUE];
  },
});

/**
 * The one escape for a request value the SDK does not know yet (a newer service, a custom
 * deployment): request fields that take known values are closed unions, so a typo is a compile
 * error and, from JavaScript, a {@link RequestValidationError} before anything is sent. Wrap a
 * value in `unknownValue()` to send it anyway, as it is.
 *
 * The escape is a value of its own rather than a type cast or a client option, so the SDK can tell
 * at run time a value written on purpose from a typo, field by field, also for JavaScript callers.
 * @param value the string to send: not blank, no white space around it, no control characters, at
 * most {@link UNKNOWN_VALUE_MAX_LENGTH} (1,024) characters (checked when it is sent, naming the field).
 * @throws {@link RequestValidationError} naming `unknownValue` when `value` is not a string (an
 * absent field read from a record: `undefined` is never sent as `"undefined"`).
 * @example
 * const records = await agent.credentials.list({ state: unknownValue('archived') });
 * // a state read from a record (response enums stay open) goes back in the same way
 * await agent.credentials.list({ state: unknownValue(record.state ?? 'done') });
 */
export function unknownValue(value: string): UnknownValue {
  if (typeof value !== 'string') {
    const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    throw invalidField('unknownValue', `must be a string (got ${type})`);
  }
  return Object.freeze(Object.create(UNKNOWN_VALUE_PROTO, { [UNKNOWN_VALUE]: { value, enumerable: true } }));
}

/** The string of an {@link UnknownValue}, or undefined for anything else. */
function escaped(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const text: unknown = (value as Partial<UnknownValue>)[UNKNOWN_VALUE];
  return typeof text === 'string' ? text : undefined;
}

/**
 * The schema of a request field that takes known values: one of `values` as given, or an
 * {@link unknownValue} (sent as its string, which must be an {@link Identifier}). Anything else is
 * an `invalid_value` issue listing the known values.
 */
export function requestEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodMiniType<string, RequestEnum<T>> {
  const known: ReadonlySet<string> = new Set(values);
  const listed = values.join(', ');
  return z.pipe(
    z.unknown(),
    z.transform((value, ctx) => {
      if (typeof value === 'string' && known.has(value)) return value;
      const text = escaped(value);
      if (text === undefined) {
        // The message names no escape: a CLI or app shows it to people who write the value elsewhere.
        ctx.issues.push({
          code: 'invalid_value',
          values: [...values],
          input: value,
          message: `must be one of ${listed}`,
        });
        return z.NEVER;
      }
      const checked = EscapedText.safeParse(text);
      if (checked.success) return text;
      for (const { message } of checked.error.issues)
        ctx.issues.push({ code: 'custom', input: text, message });
      return z.NEVER;
    }),
  ) as unknown as z.ZodMiniType<string, RequestEnum<T>>;
}

/** Marks the end of an object's fields in the walk of {@link isJsonValue}. */
class Left {
  constructor(readonly object: object) {}
}

/**
 * A JSON value as `JSON.stringify` sends it whole: strings, finite numbers, booleans, `null`, and
 * arrays and plain objects of them; no function, symbol, bigint, undefined, other object (a `Date`, a
 * `Map`) or object inside itself. Walked without recursion (any depth is answered, not a
 * `RangeError`), each object once (an object shared by many fields costs once); a getter that
 * throws makes it not a JSON value.
 */
function isJsonValue(value: unknown): boolean {
  const inside = new Set<object>();
  const checked = new Set<object>();
  const todo: unknown[] = [value];
  try {
    while (todo.length) {
      const item = todo.pop();
      if (item instanceof Left) {
        inside.delete(item.object);
        checked.add(item.object);
      } else if (typeof item === 'number') {
        if (!Number.isFinite(item)) return false;
      } else if (item !== null && typeof item !== 'string' && typeof item !== 'boolean') {
        if (typeof item !== 'object' || inside.has(item)) return false;
        if (checked.has(item)) continue;
        const proto: unknown = Object.getPrototypeOf(item);
        if (!Array.isArray(item) && proto !== Object.prototype && proto !== null) return false;
        inside.add(item);
        todo.push(new Left(item));
        for (const inner of Object.values(item)) todo.push(inner);
      }
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The schema of a request field that takes known values or an object (`autoAcceptProof`: the spec
 * types it as an object of unlisted fields, real deployments take a string): a string or an
 * {@link unknownValue} is checked as {@link requestEnum} does (same messages); an object must be a
 * plain record of JSON values (an object with a `toString` function is refused, not sent as `{}`).
 */
export function requestEnumOrObject<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodMiniType<string | Record<string, unknown>, RequestEnum<T> | Record<string, unknown>> {
  const single = requestEnum(values);
  return z.pipe(
    z.unknown(),
    z.transform((value, ctx) => {
      if (typeof value === 'object' && value !== null && escaped(value) === undefined) {
        const proto: unknown = Object.getPrototypeOf(value);
        const plain = !Array.isArray(value) && (proto === Object.prototype || proto === null);
        if (plain && isJsonValue(value)) return value as Record<string, unknown>;
        ctx.issues.push({ code: 'custom', input: value, message: 'must be a plain object of JSON values' });
        return z.NEVER;
      }
      const checked = single.safeParse(value);
      if (checked.success) return checked.data;
      for (const { path: _path, ...issue } of checked.error.issues) ctx.issues.push(issue as never);
      return z.NEVER;
    }),
  ) as unknown as z.ZodMiniType<string | Record<string, unknown>, RequestEnum<T> | Record<string, unknown>>;
}

/** Values of `protocolVersion` on credential and proof operations. */
export const PROTOCOL_VERSIONS = ['v1', 'v2'] as const;
/** A `protocolVersion` value: `v1`, `v2`, or an {@link unknownValue}. */
export type ProtocolVersion = RequestEnum<typeof PROTOCOL_VERSIONS>;
/** Schema of `protocolVersion` in requests. */
export const ProtocolVersionSchema = requestEnum(PROTOCOL_VERSIONS);

/** Values of `autoAcceptCredential` and `autoAcceptProof`. */
export const AUTO_ACCEPT_VALUES = ['always', 'contentApproved', 'never'] as const;
/** An `autoAcceptCredential` / `autoAcceptProof` value, or an {@link unknownValue}. */
export type AutoAccept = RequestEnum<typeof AUTO_ACCEPT_VALUES>;
/** Schema of `autoAcceptCredential` in requests. */
export const AutoAcceptSchema = requestEnum(AUTO_ACCEPT_VALUES);
/** Schema of `autoAcceptProof` in requests: an {@link AutoAccept} value, or a plain object. */
export const AutoAcceptProofSchema = requestEnumOrObject(AUTO_ACCEPT_VALUES);

/** Values of the `credentialType` query and body field of the offer endpoints. */
export const CREDENTIAL_TYPES = ['indy', 'jsonld'] as const;
/** A credential type: `indy`, `jsonld`, or an {@link unknownValue}. */
export type CredentialType = RequestEnum<typeof CREDENTIAL_TYPES>;
/** Schema of the offers' `credentialType` (query and body). */
export const CredentialTypeSchema = requestEnum(CREDENTIAL_TYPES);
