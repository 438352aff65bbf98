import fc from 'fast-check';

/** The JSON kinds a request field can hold. */
export type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null';

/** The kind of a valid value. */
export function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return 'object';
}

const byKind: Record<Kind, fc.Arbitrary<unknown>> = {
  string: fc.string(),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: false })),
  boolean: fc.boolean(),
  array: fc.array(fc.jsonValue(), { maxLength: 3 }),
  object: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  null: fc.constant(null),
};

/** Values of any kind but the accepted ones. */
export function wrongValue(accepted: readonly Kind[]): fc.Arbitrary<unknown> {
  const kinds = (Object.keys(byKind) as Kind[]).filter((k) => !accepted.includes(k));
  return fc.oneof(...kinds.map((k) => byKind[k]));
}

/** Anything that is not a params object at all. */
export const notAnObject: fc.Arbitrary<unknown> = fc.oneof(
  byKind.string,
  byKind.number,
  byKind.boolean,
  byKind.array,
  byKind.null,
);

/** A field name that is none of `known` (and not `__proto__`, which JSON bodies cannot carry as data). */
export function unknownKey(known: readonly string[]): fc.Arbitrary<string> {
  return fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.includes(k) && k !== '__proto__');
}

/** Strings that are not e-mail addresses (no `@`, or nothing around it). */
export const notAnEmail: fc.Arbitrary<string> = fc.oneof(
  fc.string().filter((s) => !s.includes('@')),
  fc.string().map((s) => `${s.replace(/@/g, '')}@`),
  fc.string().map((s) => `@${s.replace(/@/g, '')}`),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Strings that are not UUIDs: random text, and UUIDs with one character broken. */
export const notAUuid: fc.Arbitrary<string> = fc.oneof(
  fc.string().filter((s) => !UUID.test(s)),
  fc
    .tuple(fc.uuid(), fc.nat(35), fc.constantFrom('g', 'z', '-', ' ', ''))
    .map(([u, i, c]) => u.slice(0, i) + c + u.slice(i + 1))
    .filter((s) => !UUID.test(s)),
);

/** Strings that are not `<major>.<minor>.<patch>` versions. */
export const notAVersion: fc.Arbitrary<string> = fc.oneof(
  fc.string().filter((s) => !/^\d+\.\d+\.\d+$/.test(s)),
  fc
    .array(fc.nat(99), { minLength: 1, maxLength: 4 })
    .filter((p) => p.length !== 3)
    .map((p) => p.join('.')),
  fc.constantFrom('v1.0.0', '1.0.0-beta', '1..0', ' 1.0.0'),
);
