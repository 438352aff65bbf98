import type * as z from 'zod';

/**
 * What the fast path of response validation (fast-check.ts, fast-check-code.ts) knows of a schema:
 * the SDK's own building blocks register here (`responseObject`, `extra`, `list`), and zod's
 * definition says the rest. Shared by both ways of compiling a check.
 */

/** The key of a change in {@link Fixes} that marks its target for `unknownFields` (see {@link markFields}). */
export const KNOWN_FIELDS = Symbol('known fields');

/** A class whose constructor gives back the object it is given, so a subclass adds its private field to it. */
class Stamp {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the return override is the point.
    return target;
  }
}

/**
 * The mark of an object whose schema knows `fields`, as a private field: no property of the object
 * (no own key, nothing `{ ...record }`, `structuredClone`, `util.inspect` or a deep equality sees),
 * and added as cheaply as a property is set. `Object.defineProperty` of a hidden symbol-keyed
 * property, the mark before, cost ten times as much (docs/performance.md).
 */
class FieldMarks extends Stamp {
  #fields: ReadonlySet<string>;
  private constructor(target: object, fields: ReadonlySet<string>) {
    super(target);
    this.#fields = fields;
  }
  static mark(target: object, fields: ReadonlySet<string>): void {
    if (#fields in target) (target as FieldMarks).#fields = fields;
    else new FieldMarks(target, fields);
  }
  static of(value: object): ReadonlySet<string> | undefined {
    return #fields in value ? (value as FieldMarks).#fields : undefined;
  }
}

/**
 * One set of marks for every copy of the SDK in this realm (its ESM build, each CommonJS bundle, a
 * bundler's copy), as errors and unknown enum values are recognised across copies: the first copy
 * loaded fixes its own on `globalThis` under a registered symbol. Where `globalThis` is frozen, each
 * copy keeps its own.
 */
const marks = (() => {
  const key = Symbol.for('@credential-agent/sdk/field-marks/v1');
  const global = globalThis as { [key]?: Pick<typeof FieldMarks, 'mark' | 'of'> };
  try {
    global[key] ??
      Object.defineProperty(global, key, {
        value: Object.freeze({ mark: FieldMarks.mark, of: FieldMarks.of }),
      });
  } catch {
    // A frozen globalThis: this copy's marks are its own.
  }
  return global[key] ?? FieldMarks;
})();

/** Marks `target` for `unknownFields`: `fields` are the names its schema knows. */
export const markFields: (target: object, fields: ReadonlySet<string>) => void = marks.mark;

/** The field names known to the schema that marked `value`, or `undefined` for a value not marked. */
export const markedFields = (value: unknown): ReadonlySet<string> | undefined =>
  typeof value === 'object' && value !== null ? marks.of(value) : undefined;

/** Objects made by `responseObject`, with their field names. */
const responseObjects = new WeakMap<z.ZodType, ReadonlySet<string>>();
/** `catch` schemas that read any failure as absent (`extra`). */
const absentOnFailure = new WeakSet<z.ZodType>();
/** Lists made by `list`, with their element schema. */
const listElements = new WeakMap<z.ZodType, z.ZodType>();

export const registerResponseObject = (schema: z.ZodType, fields: ReadonlySet<string>): void => {
  responseObjects.set(schema, fields);
};
export const registerAbsentOnFailure = (schema: z.ZodType): void => {
  absentOnFailure.add(schema);
};
export const registerList = (schema: z.ZodType, element: z.ZodType): void => {
  listElements.set(schema, element);
};

/** The field names of a schema made by `responseObject`, or `undefined`. */
export const responseFields = (schema: z.ZodType): ReadonlySet<string> | undefined =>
  responseObjects.get(schema);
/** True for a `catch` made by `extra`: any failure reads as absent. */
export const isAbsentOnFailure = (schema: z.ZodType): boolean => absentOnFailure.has(schema);

/** The element schema of a schema made by `list`, or `undefined` for any other schema. */
export function listElement(schema: z.ZodType): z.ZodType | undefined {
  return listElements.get(schema);
}

/**
 * Changes to make once a value passed, flat: target, key, value, target, key, value, … (a
 * `KNOWN_FIELDS` key being the mark of unknown fields, a {@link DROP_NULLS} value a list to
 * take the `null`s out of). Truncated back when a union branch does not pass.
 */
export type Fixes = unknown[];

/**
 * The value of a change that takes the `null` elements out of the list it names. Made when the
 * changes are, after those of the list's elements: a list inside the list is then already done.
 */
export const DROP_NULLS = Symbol('drop nulls');

const notNull = (x: unknown): boolean => x !== null;

/** Makes the changes noted in `fixes`. */
export function apply(fixes: Fixes): void {
  for (let i = 0; i < fixes.length; i += 3) {
    const target = fixes[i] as Record<PropertyKey, unknown>;
    const key = fixes[i + 1] as PropertyKey;
    const value = fixes[i + 2];
    if (key === KNOWN_FIELDS) markFields(target, value as ReadonlySet<string>);
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
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
};

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What `.nullish()` (an optional of a nullable, plain) wraps, if `def` is one. */
export function nullishInner(def: Def): z.ZodType | undefined {
  const inner = def.innerType && defOf(def.innerType);
  if (def.type !== 'optional' || inner?.type !== 'nullable' || inner.checks?.length) return undefined;
  return inner.innerType;
}

/**
 * True when `schema` reads `undefined` as it reads `null` (both as absent): a plain optional (every
 * `maybe` field of common.ts; not `z.exactOptional`) or an `extra` field, which reads any failure
 * as absent.
 */
export function takesUndefined(schema: z.ZodType): boolean {
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
  schema: z.ZodType,
  def: Def,
): { shape: [string, z.ZodType][]; fields: ReadonlySet<string> | undefined } | undefined {
  const fields = responseObjects.get(schema);
  const catchall = def.catchall && defOf(def.catchall);
  if (catchall?.type !== 'unknown' || (def.checks?.length ?? 0) !== (fields ? 1 : 0)) return undefined;
  const shape = def.shape ?? {};
  // A field keyed by a symbol is checked by zod, and not listed here.
  if (Object.getOwnPropertySymbols(shape).length) return undefined;
  return { shape: Object.entries(shape), fields };
}
