import * as z from 'zod/mini';
import { generateCheck } from './fast-check-code.js';
import {
  apply,
  type Check,
  checkableObject,
  type Def,
  DROP_NULLS,
  defOf,
  giveUp,
  isAbsentOnFailure,
  isPlain,
  isPlainKeyed,
  KNOWN_FIELDS,
  listElement,
  nullishInner,
  passes,
} from './schema-kinds.js';

/**
 * The fast path of response validation. zod builds a new object for every object it parses and a
 * payload for every field; for a list of a thousand records that is most of the cost. A response
 * body is the SDK's own (fresh from `JSON.parse`), so a valid one can be checked where it lies and
 * kept: {@link fastCheck} compiles a response schema once into a function that checks a value
 * without allocating, noting the few changes the schema's output would make (a `null` field read
 * as absent, a `null` list element dropped, a mistyped unknown-to-the-spec field read as absent)
 * and making them only when the whole value passed (the generated code makes a `null` absent at
 * once where zod reads `undefined` the same way: fast-check-code.ts). Anything it does not pass
 * (and any schema it does not understand) goes to zod, whose answer is the one that counts: so the
 * fast path can only ever be as strict as zod or stricter, and a failure's issues are always zod's.
 *
 * Where code may be generated, the check is one function of straight-line code per object
 * (fast-check-code.ts, as zod and ajv do); where it may not (a page whose Content-Security-Policy
 * refuses `new Function`, or `z.config({ jitless: true })`), it is a tree of closures (below).
 */

export type { Check } from './schema-kinds.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const compiled = new WeakMap<z.core.$ZodType, Check | null>();

let evalAllowed: boolean | undefined;

/**
 * True when checks may be generated code: zod's own test, `z.config({ jitless: true })` unset and
 * `new Function` allowed (a Content-Security-Policy without 'unsafe-eval' refuses it). The probe
 * runs once, and never under `jitless`: a strict policy reports even a refusal that is caught.
 */
export function mayGenerate(): boolean {
  if (z.config().jitless) return false;
  if (evalAllowed === undefined) {
    try {
      evalAllowed = typeof new Function('') === 'function';
    } catch {
      evalAllowed = false;
    }
  }
  return evalAllowed;
}

/**
 * The compiled check of `schema`, or `undefined` when it holds a part the fast path does not
 * understand (a refinement, a transform, a strict object, …): then zod alone validates it.
 */
export function fastCheck(schema: z.core.$ZodType): Check | undefined {
  if (!compiled.has(schema)) {
    const check = (mayGenerate() && generateCheck(schema)) || compileClosures(schema);
    compiled.set(schema, check ?? null);
  }
  return compiled.get(schema) ?? undefined;
}

/** Validates `value` where it lies; returns it (changed as the schema's output would be) or `undefined`. */
export function fastParse(check: Check, value: unknown): { value: unknown } | undefined {
  const fixes: unknown[] = [];
  const holder = { value };
  if (!passes(check, fixes, holder)) return undefined;
  apply(fixes);
  return holder;
}

const closures = new WeakMap<z.core.$ZodType, Check | null>();

/** The check of `schema` as a tree of closures (no generated code), or `undefined`. */
export function compileClosures(schema: z.core.$ZodType): Check | undefined {
  if (!closures.has(schema)) closures.set(schema, compile(schema) ?? null);
  return closures.get(schema) ?? undefined;
}

function compile(schema: z.core.$ZodType): Check | undefined {
  const element = listElement(schema);
  if (element) return compileList(element);
  const def = defOf(schema);
  const plain = isPlain(def);
  switch (def.type) {
    case 'string':
      return plain ? (v) => typeof v === 'string' : undefined;
    case 'number':
      return plain ? (v) => typeof v === 'number' && Number.isFinite(v) : undefined;
    case 'boolean':
      return plain ? (v) => typeof v === 'boolean' : undefined;
    case 'unknown':
    case 'any':
      // zod refuses a field of this type that is missing (a present `undefined` goes to zod too).
      return plain ? (v) => v !== undefined : undefined;
    case 'optional':
    case 'nullable': {
      if (!plain) return undefined;
      const nullish = def.innerType && nullishInner(def);
      if (nullish) return compileNullish(nullish);
      const inner = def.innerType && compileClosures(def.innerType);
      if (!inner) return undefined;
      const passes = def.type === 'optional' ? undefined : null;
      return (v, fixes, parent, key) => v === passes || inner(v, fixes, parent, key);
    }
    case 'catch': {
      const inner = def.innerType && compileClosures(def.innerType);
      if (!inner || !plain || !isAbsentOnFailure(schema)) return undefined;
      return (v, fixes, parent, key) => {
        const size = fixes.length;
        if (inner(v, fixes, parent, key)) return true;
        fixes.length = size;
        fixes.push(parent, key, undefined);
        return true;
      };
    }
    case 'record':
      // zod leaves out an own `__proto__` key of a record too: zod parses such an object.
      return plain && isPlainKeyed(def)
        ? (v) => isObject(v) && (!Object.hasOwn(v, '__proto__') || giveUp())
        : undefined;
    case 'array': {
      const item = def.element && compileClosures(def.element);
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

/**
 * `.nullish()` of `schema` as one check (every optional field of a response is one): a plain
 * string or boolean is tested in place, anything else called once, not through two wrappers.
 */
function compileNullish(schema: z.core.$ZodType): Check | undefined {
  const def = defOf(schema);
  if (isPlain(def) && (def.type === 'string' || def.type === 'boolean')) {
    const type = def.type;
    return (v) => v === undefined || v === null || typeof v === type;
  }
  const inner = compileClosures(schema);
  if (!inner) return undefined;
  return (v, fixes, parent, key) => v === undefined || v === null || inner(v, fixes, parent, key);
}

function compileList(element: z.core.$ZodType): Check | undefined {
  const item = compileClosures(element);
  if (!item) return undefined;
  return (v, fixes, parent, key) => {
    if (!Array.isArray(v)) return false;
    let nulls = 0;
    for (let i = 0; i < v.length; i++) {
      if (v[i] === null) nulls++;
      else if (!item(v[i], fixes, v, i)) return false;
    }
    if (nulls) fixes.push(parent, key, DROP_NULLS);
    return true;
  };
}

function compileUnion(options: z.core.$ZodType[]): Check | undefined {
  const checks = options.map(compileClosures);
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
function compileObject(schema: z.core.$ZodType, def: Def): Check | undefined {
  const object = checkableObject(schema, def);
  if (!object) return undefined;
  const { fields } = object;
  const entries = object.shape.map(([key, field]) => [key, compileClosures(field)] as const);
  if (entries.some(([, check]) => !check)) return undefined;
  const keyed = entries as [string, Check][];
  // Fields named like one of Object.prototype's: an inherited member is zod's to read (fast-check-code.ts).
  const named = keyed.map(([key]) => key).filter((key) => key in Object.prototype);
  return (v, fixes) => {
    if (!isObject(v)) return false;
    for (const key of named) if (v[key] !== undefined && !Object.hasOwn(v, key)) giveUp();
    for (const [key, check] of keyed) if (!check(v[key], fixes, v, key)) return false;
    // zod leaves out an own `__proto__` field: zod parses such an object.
    if (!fields) return !Object.hasOwn(v, '__proto__') || giveUp();
    let unknown = false;
    for (const key in v) {
      if (key === '__proto__') giveUp();
      if (!fields.has(key)) unknown = true;
      else if (v[key] === null) fixes.push(v, key, undefined);
    }
    if (unknown) fixes.push(v, KNOWN_FIELDS, fields);
    return true;
  };
}
