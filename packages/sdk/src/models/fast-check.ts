import type * as z from 'zod';

/**
 * The fast path of response validation. zod builds a new object for every object it parses and a
 * payload for every field; for a list of a thousand records that is most of the cost. A response
 * body is the SDK's own (fresh from `JSON.parse`), so a valid one can be checked where it lies and
 * kept: {@link fastCheck} compiles a response schema once into a function that checks a value
 * without allocating, noting the few changes the schema's output would make (a `null` field read
 * as absent, a `null` list element dropped, a mistyped unknown-to-the-spec field read as absent)
 * and making them only when the whole value passed. Anything it does not pass (and any schema it
 * does not understand) goes to zod, whose answer is the one that counts: so the fast path can only
 * ever be as strict as zod or stricter, and a failure's issues are always zod's.
 */

/** Marks a value for {@link KNOWN_FIELDS}: the hidden property holding the field names its schema knows. */
export const KNOWN_FIELDS = Symbol.for('@credential-agent/sdk/known-fields');

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

/** The element schema of a schema made by `list`, or `undefined` for any other schema. */
export function listElement(schema: z.ZodType): z.ZodType | undefined {
  return listElements.get(schema);
}

/**
 * Changes to make once a value passed: `[target, key, value]`, a `KNOWN_FIELDS` key being the
 * hidden mark of unknown fields. Truncated back when a union branch does not pass.
 */
type Fixes = [object, PropertyKey, unknown][];

function apply(fixes: Fixes): void {
  for (const [target, key, value] of fixes) {
    if (key === KNOWN_FIELDS) Object.defineProperty(target, key, { value, configurable: true });
    else (target as Record<PropertyKey, unknown>)[key] = value;
  }
}

/** Checks `value` (read as the field `key` of `parent`), noting changes in `fixes`; true when it passes. */
type Check = (value: unknown, fixes: Fixes, parent: object, key: PropertyKey) => boolean;

type Def = {
  type: string;
  checks?: unknown[];
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const compiled = new WeakMap<z.ZodType, Check | null>();

/**
 * The compiled check of `schema`, or `undefined` when it holds a part the fast path does not
 * understand (a refinement, a transform, a strict object, …): then zod alone validates it.
 */
export function fastCheck(schema: z.ZodType): Check | undefined {
  if (!compiled.has(schema)) compiled.set(schema, compile(schema) ?? null);
  return compiled.get(schema) ?? undefined;
}

/** Validates `value` where it lies; returns it (changed as the schema's output would be) or `undefined`. */
export function fastParse(check: Check, value: unknown): { value: unknown } | undefined {
  const fixes: Fixes = [];
  const holder = { value };
  if (!check(value, fixes, holder, 'value')) return undefined;
  apply(fixes);
  return holder;
}

function compile(schema: z.ZodType): Check | undefined {
  const element = listElements.get(schema);
  if (element) return compileList(element);
  const def = defOf(schema);
  const plain = !def.checks?.length;
  switch (def.type) {
    case 'string':
      return plain ? (v) => typeof v === 'string' : undefined;
    case 'number':
      return plain ? (v) => typeof v === 'number' && Number.isFinite(v) : undefined;
    case 'boolean':
      return plain ? (v) => typeof v === 'boolean' : undefined;
    case 'unknown':
    case 'any':
      return plain ? () => true : undefined;
    case 'optional':
    case 'nullable': {
      if (!plain) return undefined;
      const nullish = def.innerType && nullishInner(def);
      if (nullish) return compileNullish(nullish);
      const inner = def.innerType && fastCheck(def.innerType);
      if (!inner) return undefined;
      const passes = def.type === 'optional' ? undefined : null;
      return (v, fixes, parent, key) => v === passes || inner(v, fixes, parent, key);
    }
    case 'catch': {
      const inner = def.innerType && fastCheck(def.innerType);
      if (!inner || !plain || !absentOnFailure.has(schema)) return undefined;
      return (v, fixes, parent, key) => {
        const size = fixes.length;
        if (inner(v, fixes, parent, key)) return true;
        fixes.length = size;
        fixes.push([parent, key, undefined]);
        return true;
      };
    }
    case 'record':
      // zod leaves out an own `__proto__` key of a record too: zod parses such an object.
      return plain && isPlainKeyed(def) ? (v) => isObject(v) && !Object.hasOwn(v, '__proto__') : undefined;
    case 'array': {
      const item = def.element && fastCheck(def.element);
      if (!item || !plain) return undefined;
      return (v, fixes) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!item(v[i], fixes, v, i)) return false;
        return true;
      };
    }
    case 'union':
      return plain ? compileUnion(def.options ?? []) : undefined;
    case 'object':
      return compileObject(schema, def);
    default:
      return undefined;
  }
}

/** `z.record(z.string(), z.unknown())`: any object passes as it is. */
/** What `.nullish()` (an optional of a nullable, plain) wraps, if `def` is one. */
function nullishInner(def: Def): z.ZodType | undefined {
  const inner = def.innerType && defOf(def.innerType);
  if (def.type !== 'optional' || inner?.type !== 'nullable' || inner.checks?.length) return undefined;
  return inner.innerType;
}

/**
 * `.nullish()` of `schema` as one check (every optional field of a response is one): a plain
 * string or boolean is tested in place, anything else called once, not through two wrappers.
 */
function compileNullish(schema: z.ZodType): Check | undefined {
  const def = defOf(schema);
  if (!def.checks?.length && (def.type === 'string' || def.type === 'boolean')) {
    const type = def.type;
    return (v) => v === undefined || v === null || typeof v === type;
  }
  const inner = fastCheck(schema);
  if (!inner) return undefined;
  return (v, fixes, parent, key) => v === undefined || v === null || inner(v, fixes, parent, key);
}

function isPlainKeyed(def: Def): boolean {
  const [key, value] = [def.keyType && defOf(def.keyType), def.valueType && defOf(def.valueType)];
  return key?.type === 'string' && !key.checks?.length && value?.type === 'unknown' && !value.checks?.length;
}

function compileList(element: z.ZodType): Check | undefined {
  const item = fastCheck(element);
  if (!item) return undefined;
  return (v, fixes, parent, key) => {
    if (!Array.isArray(v)) return false;
    let nulls = 0;
    for (let i = 0; i < v.length; i++) {
      if (v[i] === null) nulls++;
      else if (!item(v[i], fixes, v, i)) return false;
    }
    if (nulls) fixes.push([parent, key, v.filter((x) => x !== null)]);
    return true;
  };
}

function compileUnion(options: z.ZodType[]): Check | undefined {
  const checks = options.map(fastCheck);
  if (checks.some((c) => !c)) return undefined;
  return (v, fixes, parent, key) => {
    const size = fixes.length;
    for (const check of checks as Check[]) {
      if (check(v, fixes, parent, key)) return true;
      fixes.length = size;
    }
    return false;
  };
}

/** A loose object without checks, or one made by `responseObject` (nulls read as absent, unknown fields marked). */
function compileObject(schema: z.ZodType, def: Def): Check | undefined {
  const fields = responseObjects.get(schema);
  const catchall = def.catchall && defOf(def.catchall);
  if (catchall?.type !== 'unknown' || (def.checks?.length ?? 0) !== (fields ? 1 : 0)) return undefined;
  const entries = Object.entries(def.shape ?? {}).map(([key, field]) => [key, fastCheck(field)] as const);
  if (entries.some(([, check]) => !check)) return undefined;
  const keyed = entries as [string, Check][];
  return (v, fixes) => {
    if (!isObject(v)) return false;
    for (const [key, check] of keyed) if (!check(v[key], fixes, v, key)) return false;
    // zod leaves out an own `__proto__` field: zod parses such an object.
    if (!fields) return !Object.hasOwn(v, '__proto__');
    let unknown = false;
    for (const key in v) {
      if (key === '__proto__') return false;
      if (!fields.has(key)) unknown = true;
      else if (v[key] === null) fixes.push([v, key, undefined]);
    }
    if (unknown) fixes.push([v, KNOWN_FIELDS, fields]);
    return true;
  };
}
