import type * as z from 'zod/mini';

/**
 * What the fast path of response validation (fast-check.ts, fast-check-code.ts) knows of a schema:
 * the SDK's own building blocks register here (`responseObject`, `extra`, `list`), and zod's
 * definition says the rest. Shared by both ways of compiling a check.
 */

/** Marks a value for `unknownFields`: the hidden property holding the field names its schema knows. */
export const KNOWN_FIELDS = Symbol.for('@credential-agent/sdk/known-fields');

/** Objects made by `responseObject`, with their field names. */
const responseObjects = new WeakMap<z.core.$ZodType, ReadonlySet<string>>();
/** `catch` schemas that read any failure as absent (`extra`). */
const absentOnFailure = new WeakSet<z.core.$ZodType>();
/** Lists made by `list`, with their element schema. */
const listElements = new WeakMap<z.core.$ZodType, z.core.$ZodType>();

export const registerResponseObject = (schema: z.core.$ZodType, fields: ReadonlySet<string>): void => {
  responseObjects.set(schema, fields);
};
export const registerAbsentOnFailure = (schema: z.core.$ZodType): void => {
  absentOnFailure.add(schema);
};
export const registerList = (schema: z.core.$ZodType, element: z.core.$ZodType): void => {
  listElements.set(schema, element);
};

/** The field names of a schema made by `responseObject`, or `undefined`. */
export const responseFields = (schema: z.core.$ZodType): ReadonlySet<string> | undefined =>
  responseObjects.get(schema);
/** True for a `catch` made by `extra`: any failure reads as absent. */
export const isAbsentOnFailure = (schema: z.core.$ZodType): boolean => absentOnFailure.has(schema);

/** The element schema of a schema made by `list`, or `undefined` for any other schema. */
export function listElement(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  return listElements.get(schema);
}

/**
 * Changes to make once a value passed, flat: target, key, value, target, key, value, … (a
 * `KNOWN_FIELDS` key being the hidden mark of unknown fields, a {@link DROP_NULLS} value a list to
 * take the `null`s out of). Truncated back when a union branch does not pass.
 */
export type Fixes = unknown[];

/**
 * The value of a change that takes the `null` elements out of the list it names. Made when the
 * changes are, after those of the list's elements: a list inside the list is then already done.
 */
export const DROP_NULLS = Symbol('drop nulls');

const notNull = (x: unknown): boolean => x !== null;

/**
 * The descriptor of the hidden mark of an object whose schema knows `fields`, with no prototype (so
 * nothing added to `Object.prototype` can make the mark enumerable). The generated checks make one
 * per schema, once.
 */
export const markDescriptor = (fields: ReadonlySet<string>) =>
  ({ __proto__: null, value: fields, configurable: true }) as PropertyDescriptor;

/** Makes the changes noted in `fixes`. */
export function apply(fixes: Fixes): void {
  for (let i = 0; i < fixes.length; i += 3) {
    const target = fixes[i] as Record<PropertyKey, unknown>;
    const key = fixes[i + 1] as PropertyKey;
    const value = fixes[i + 2];
    if (key === KNOWN_FIELDS)
      Object.defineProperty(target, key, markDescriptor(value as ReadonlySet<string>));
    else target[key] = value === DROP_NULLS ? (target[key] as unknown[]).filter(notNull) : value;
  }
}

/** Checks `value` (read as the field `key` of `parent`), noting changes in `fixes`; true when it passes. */
export type Check = (value: unknown, fixes: Fixes, parent: object, key: PropertyKey) => boolean;

/**
 * Thrown by a check that meets what only zod may judge: an own `__proto__` key, which zod leaves
 * out where the fast path cannot. Not a failure (under an `extra` field a failure reads as absent,
 * where zod would keep the value): the fast path gives up on the whole value, and zod decides.
 */
const GIVE_UP = Symbol('the fast path gives up');

/** Gives up on the value being checked ({@link GIVE_UP}). */
export function giveUp(): never {
  throw GIVE_UP;
}

/** Runs `check` on `holder.value` (read as its `value`): true when it passed, false when it failed or gave up. */
export function passes(check: Check, fixes: Fixes, holder: { value: unknown }): boolean {
  try {
    return check(holder.value, fixes, holder, 'value');
  } catch (thrown) {
    if (thrown === GIVE_UP) return false;
    throw thrown;
  }
}

export type Def = {
  type: string;
  checks?: unknown[];
  format?: string;
  coerce?: boolean;
  innerType?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  element?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  keyType?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
};

export const defOf = (schema: z.core.$ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What `.nullish()` (an optional of a nullable, plain) wraps, if `def` is one. */
export function nullishInner(def: Def): z.core.$ZodType | undefined {
  const inner = def.innerType && defOf(def.innerType);
  if (def.type !== 'optional' || inner?.type !== 'nullable' || inner.checks?.length) return undefined;
  return inner.innerType;
}

/**
 * True when `schema` reads `undefined` as it reads `null` (both as absent): a plain optional (every
 * `maybe` field of common.ts; not `z.exactOptional`) or an `extra` field, which reads any failure
 * as absent.
 */
export function takesUndefined(schema: z.core.$ZodType): boolean {
  const def = defOf(schema);
  if (def.checks?.length) return false;
  // `z.exactOptional` is an optional that refuses a present `undefined`.
  const exact = (schema as unknown as { _zod: { traits: Set<string> } })._zod.traits.has('$ZodExactOptional');
  return (def.type === 'optional' && !exact) || (def.type === 'catch' && isAbsentOnFailure(schema));
}

/**
 * True when `def` is its type alone: no checks, no format (zod 4 keeps the check of `z.uuid()`,
 * `z.email()`, `z.int()`… in the schema itself, not among its checks) and no coercion.
 */
export const isPlain = (def: Def): boolean => !def.checks?.length && def.format === undefined && !def.coerce;

/** `z.record(z.string(), z.unknown())`: any object passes as it is. */
export function isPlainKeyed(def: Def): boolean {
  const [key, value] = [def.keyType && defOf(def.keyType), def.valueType && defOf(def.valueType)];
  return key?.type === 'string' && isPlain(key) && value?.type === 'unknown' && isPlain(value);
}

/**
 * The shape of an object the fast path can check (loose, no checks but `responseObject`'s own),
 * with its field names when `responseObject` made it; `undefined` for any other object.
 */
export function checkableObject(
  schema: z.core.$ZodType,
  def: Def,
): { shape: [string, z.core.$ZodType][]; fields: ReadonlySet<string> | undefined } | undefined {
  const fields = responseObjects.get(schema);
  const catchall = def.catchall && defOf(def.catchall);
  if (catchall?.type !== 'unknown' || (def.checks?.length ?? 0) !== (fields ? 1 : 0)) return undefined;
  const shape = def.shape ?? {};
  // A field keyed by a symbol is checked by zod, and not listed here.
  if (Object.getOwnPropertySymbols(shape).length) return undefined;
  return { shape: Object.entries(shape), fields };
}
