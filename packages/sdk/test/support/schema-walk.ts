import type * as z from 'zod';
import { listElement } from '../../src/models/list.js';

type Path = (string | number)[];
type Def = { type: string; [key: string]: unknown };

/** The definition of a schema; a list of the SDK's (`list()`) reads as an array of its element. */
const defOf = (schema: z.core.$ZodType): Def => {
  const element = listElement(schema);
  return element ? { type: 'array', element } : (schema as unknown as { _zod: { def: Def } })._zod.def;
};
const optout = (schema: z.core.$ZodType) => (schema as unknown as { _zod: { optout?: string } })._zod.optout;

/** The schema under optional, nullable, catch, default and pipe wrappers (a pipe's output side). */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  if (listElement(schema)) return schema;
  const def = defOf(schema);
  if (['optional', 'nullable', 'catch', 'default', 'readonly'].includes(def.type)) {
    return unwrap(def['innerType'] as z.core.$ZodType);
  }
  if (def.type === 'pipe') {
    const out = def['out'] as z.core.$ZodType;
    return defOf(out).type === 'transform' ? unwrap(def['in'] as z.core.$ZodType) : unwrap(out);
  }
  return schema;
}

/**
 * A value the schema accepts with every field present, optional ones included: strings `"x"`,
 * numbers 1, one element per array, the first branch of each union.
 */
export function sample(schema: z.core.$ZodType): unknown {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def['shape'] as Record<string, z.core.$ZodType>).map(([k, v]) => [k, sample(v)]),
      );
    case 'array':
      return [sample(def['element'] as z.core.$ZodType)];
    case 'union':
      return sample((def['options'] as z.core.$ZodType[])[0] as z.core.$ZodType);
    case 'string':
      return 'x';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'record':
      return {};
    default:
      return 'x';
  }
}

/** A field of an object schema, where it sits in {@link sample}'s value, and how it may be left out. */
export interface FieldSite {
  path: Path;
  /** `maybe`: listed, presence not promised; `extra`: not listed, never fails a parse. */
  kind: 'maybe' | 'extra';
}

/** Every optional field of `schema`, at any depth, as it sits in `sample(schema)`. */
export function optionalFields(schema: z.core.$ZodType, path: Path = []): FieldSite[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'array') return optionalFields(def['element'] as z.core.$ZodType, [...path, 0]);
  if (def.type === 'union')
    return optionalFields((def['options'] as z.core.$ZodType[])[0] as z.core.$ZodType, path);
  if (def.type !== 'object') return [];
  return Object.entries(def['shape'] as Record<string, z.core.$ZodType>).flatMap(([key, field]) => {
    const here = [...path, key];
    const own: FieldSite[] =
      optout(field) === 'optional'
        ? [{ path: here, kind: defOf(field).type === 'catch' ? 'extra' : 'maybe' }]
        : [];
    return [...own, ...optionalFields(field, here)];
  });
}

/** A deep copy of `value` with `replacement` at `path`. */
export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

/**
 * Every field of the objects of `schema`, required or not, at any depth, as it sits in
 * `sample(schema)` (a list's element at index 0, a union's first branch).
 */
export function allFields(schema: z.core.$ZodType, path: Path = []): Path[] {
  const def = defOf(unwrap(schema));
  if (def.type === 'array') return allFields(def['element'] as z.core.$ZodType, [...path, 0]);
  if (def.type === 'union')
    return allFields((def['options'] as z.core.$ZodType[])[0] as z.core.$ZodType, path);
  if (def.type !== 'object') return [];
  return Object.entries(def['shape'] as Record<string, z.core.$ZodType>).flatMap(([key, field]) => [
    [...path, key],
    ...allFields(field, [...path, key]),
  ]);
}

/** Every list of `schema`, at any depth, as it sits in `sample(schema)`. */
export function listPaths(schema: z.core.$ZodType, path: Path = []): Path[] {
  const def = defOf(unwrap(schema));
  if (def.type === 'array') return [path, ...listPaths(def['element'] as z.core.$ZodType, [...path, 0])];
  if (def.type === 'union')
    return listPaths((def['options'] as z.core.$ZodType[])[0] as z.core.$ZodType, path);
  if (def.type !== 'object') return [];
  return Object.entries(def['shape'] as Record<string, z.core.$ZodType>).flatMap(([key, field]) =>
    listPaths(field, [...path, key]),
  );
}

/** The value at `path`. */
export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);
}

/** A deep copy of `value` without the field at `path`. */
export function removeAt(value: unknown, path: Path): unknown {
  const parent = getAt(value, path.slice(0, -1));
  const { [path[path.length - 1] as string]: _removed, ...rest } = parent as Record<string, unknown>;
  return setAt(value, path.slice(0, -1), rest);
}
