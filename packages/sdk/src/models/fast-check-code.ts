import type * as z from 'zod/mini';
import type { Check } from './schema-kinds.js';
import * as kinds from './schema-kinds.js';

/**
 * The fast path's check of a schema as generated code (`new Function`), as zod and ajv compile
 * theirs: one function per object, list, union or `extra` field, reading each field by its own
 * name (a property load V8 caches per field, where a loop over the fields reads them all through
 * one site) and testing a plain type in place. It checks exactly what the closures of
 * fast-check.ts check and notes the same changes in the same flat list, but one: a `null` in a
 * field that reads `undefined` the same way is made absent where it is found, outside unions
 * (a list of changes grown and dropped for every record cost a body of nulls 1.4× fetch +
 * JSON.parse). An element that fails afterwards goes to zod, which reads it as it came. Only
 * called where code may be generated (fast-check.ts asks zod). Every name in the code is the
 * SDK's own (`f0`, `c1`, …); a field name is written as a JSON string literal.
 */

/** A boolean expression checking the value in the variable `v`, read as the field `k` (code) of `p`. */
type Emit = (v: string, p: string, k: string) => string;

class Generator {
  readonly functions: string[] = [];
  readonly constants: unknown[] = [];
  // A schema's function, by schema: one map for the code outside every union, one for the code under
  // one (which writes nothing in place: see #object).
  readonly #named = [new Map<z.core.$ZodType, string>(), new Map<z.core.$ZodType, string>()] as const;
  #unions = 0;

  /** A name in the code for a value it needs. */
  constant(value: unknown): string {
    this.constants.push(value);
    return `c${this.constants.length - 1}`;
  }

  /** The check of `schema` as an expression, or `undefined` when the fast path does not understand it. */
  emit(schema: z.core.$ZodType): Emit | undefined {
    const element = kinds.listElement(schema);
    if (element) return this.#list(schema, element);
    const def = kinds.defOf(schema);
    const plain = kinds.isPlain(def);
    if (!plain && def.type !== 'object') return undefined;
    switch (def.type) {
      case 'string':
      case 'boolean':
        return (v) => `(typeof ${v} === "${def.type}")`;
      case 'number':
        return (v) => `(typeof ${v} === "number" && Number.isFinite(${v}))`;
      case 'unknown':
      case 'any':
        // zod refuses a field of this type that is missing (a present `undefined` goes to zod too).
        return (v) => `(${v} !== undefined)`;
      case 'optional':
      case 'nullable': {
        const nullish = kinds.nullishInner(def);
        const wrapped = nullish ?? def.innerType;
        const inner = wrapped && this.emit(wrapped);
        if (!inner) return undefined;
        const passes = nullish ? ['undefined', 'null'] : [def.type === 'optional' ? 'undefined' : 'null'];
        return (v, p, k) => `(${passes.map((x) => `${v} === ${x} || `).join('')}${inner(v, p, k)})`;
      }
      case 'catch': {
        const inner = def.innerType && kinds.isAbsentOnFailure(schema) && this.emit(def.innerType);
        if (!inner) return undefined;
        return this.#function(schema, (v) => {
          // A failure reads as absent: what the inner check noted is dropped.
          return `const s = f.length; if (${inner(v, 'p', 'k')}) return true; f.length = s; f.push(p, k, undefined); return true;`;
        });
      }
      case 'record':
        // zod leaves out an own `__proto__` key of a record too: zod parses such an object.
        if (!kinds.isPlainKeyed(def)) return undefined;
        return (v) =>
          `(typeof ${v} === "object" && ${v} !== null && !isArray(${v}) && (!hasOwn(${v}, "__proto__") || giveUp()))`;
      case 'array': {
        const item = def.element && this.emit(def.element);
        if (!item) return undefined;
        return this.#function(
          schema,
          () =>
            `if (!isArray(v)) return false; for (let i = 0; i < v.length; i++) { const x = v[i]; if (!(${item('x', 'v', 'i')})) return false; } return true;`,
        );
      }
      case 'union': {
        this.#unions++;
        const options = (def.options ?? []).map((option) => this.emit(option));
        this.#unions--;
        if (!options.length || options.some((o) => !o)) return undefined;
        const tries = (options as Emit[]).map((o) => `if (${o('v', 'p', 'k')}) return true; f.length = s;`);
        return this.#function(schema, () => `const s = f.length; ${tries.join(' ')} return false;`);
      }
      case 'object':
        return this.#object(schema);
      default:
        return undefined;
    }
  }

  /** `schema`'s check as a function `fN(v, f, p, k)` of its own (made once), called by the expression. */
  #function(schema: z.core.$ZodType, body: (v: string) => string): Emit {
    const named = this.#named[this.#unions === 0 ? 0 : 1];
    let name = named.get(schema);
    if (!name) {
      name = `f${this.functions.length}`;
      named.set(schema, name);
      this.functions.push(`function ${name}(v, f, p, k) { ${body('v')} }`);
    }
    const called = name;
    return (v, p, k) => `${called}(${v}, f, ${p}, ${k})`;
  }

  /** A list made by `list`: a `null` element is dropped (noted as a change), never a failure. */
  #list(schema: z.core.$ZodType, element: z.core.$ZodType): Emit | undefined {
    const item = this.emit(element);
    if (!item) return undefined;
    return this.#function(
      schema,
      () =>
        'if (!isArray(v)) return false; let nulls = 0; ' +
        `for (let i = 0; i < v.length; i++) { const x = v[i]; if (x === null) nulls++; else if (!(${item('x', 'v', 'i')})) return false; } ` +
        'if (nulls !== 0) f.push(p, k, DROP_NULLS); return true;',
    );
  }

  /**
   * A loose object, or one made by `responseObject`: a `null` field it names reads as absent, and it
   * is marked when it holds fields it does not name. Counting its keys finds those without a
   * lookup per key; only when the count differs from the named fields present are they looked up.
   */
  #object(schema: z.core.$ZodType): Emit | undefined {
    const object = kinds.checkableObject(schema, kinds.defOf(schema));
    if (!object) return undefined;
    const { shape, fields } = object;
    const checks: string[] = [];
    for (const [key, field] of shape) {
      const check = this.emit(field);
      if (!check) return undefined;
      const k = JSON.stringify(key);
      checks.push(`x = v[${k}];`);
      // Named like one of Object.prototype's and not the object's own: zod reads the inherited member
      // into its output, which the fast path does not make.
      if (key in Object.prototype) checks.push(`if (x !== undefined && !hasOwn(v, ${k})) giveUp();`);
      checks.push(`if (!(${check('x', 'v', k)})) return false;`);
      // A `null` is made absent where it is found when zod reads the field's `undefined` as it reads
      // `null`, so that an element failing later goes to zod with the same answer; under a union
      // (whose next option may read the field otherwise) or for any other field, it is noted.
      const absent =
        this.#unions === 0 && kinds.takesUndefined(field)
          ? `v[${k}] = undefined`
          : `f.push(v, ${k}, undefined)`;
      if (fields) checks.push(`if (x !== undefined) { n++; if (x === null) ${absent}; }`);
    }
    return this.#function(schema, () => {
      const start = 'if (typeof v !== "object" || v === null || isArray(v)) return false; let x, n = 0;';
      // zod leaves out an own `__proto__` field: zod parses such an object.
      if (!fields) return `${start} ${checks.join(' ')} if (hasOwn(v, "__proto__")) giveUp(); return true;`;
      const known = this.constant(fields);
      // A field named like one of Object.prototype's would be counted though inherited: look keys up.
      const inherited = shape.some(([key]) => key in Object.prototype);
      // Outside a union the hidden mark is made on the spot, with one descriptor made here (a value
      // that fails later goes to zod, whose output is new objects, so a mark left on the input is
      // never read); under a union, whose next option may know other fields, it is noted.
      const mark = !this.#unions
        ? `Object.defineProperty(v, KNOWN, ${this.constant(kinds.markDescriptor(fields))})`
        : `f.push(v, KNOWN, ${known})`;
      return (
        `${start} ${checks.join(' ')} let m = 0; for (const key in v) m++; ` +
        `if (${inherited ? 'true' : 'm !== n'}) { let unknown = false; ` +
        `for (const key in v) { if (key === "__proto__") giveUp(); if (!${known}.has(key)) unknown = true; } ` +
        `if (unknown) ${mark}; } return true;`
      );
    });
  }
}

/**
 * The check of `schema` as generated code, or `undefined` when the fast path does not understand
 * it (then zod alone validates it). Call only where `new Function` is allowed.
 */
export function generateCheck(schema: z.core.$ZodType): Check | undefined {
  const generator = new Generator();
  const top = generator.emit(schema);
  if (!top) return undefined;
  const constants = generator.constants.map((_, i) => `const c${i} = c[${i}];`).join('\n');
  const source = [
    '"use strict";',
    'const isArray = Array.isArray, hasOwn = Object.hasOwn, KNOWN = c.known, DROP_NULLS = c.drop, giveUp = c.giveUp;',
    constants,
    ...generator.functions,
    `return function check(v, f, p, k) { return ${top('v', 'p', 'k')}; };`,
  ].join('\n');
  const constantsWithMark = Object.assign([...generator.constants], {
    known: kinds.KNOWN_FIELDS,
    drop: kinds.DROP_NULLS,
    giveUp: kinds.giveUp,
  });
  return new Function('c', source)(constantsWithMark) as Check;
}
