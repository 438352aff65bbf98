/**
 * Issue 23: a response is validated where it lies (models/fast-check.ts) and zod runs only when
 * that fast path does not pass it. The fast path must never accept what zod refuses nor give
 * another value: for every response schema, bodies built from its sample with fields set to any
 * JSON value, `null`, removed, or joined by unknown fields, each either fails the fast path, or
 * passes both and comes out equal (unknown fields included); and the bodies real agents send pass
 * the fast path (else the speed is silently lost). Both ways of compiling it are held to that: the
 * generated code (where `new Function` is allowed) and the closures (where it is not: a page's
 * Content-Security-Policy, `z.config({ jitless: true })`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { extra, maybe, responseObject } from '../../src/models/common.js';
import { compileClosures, fastCheck, fastParse, mayGenerate } from '../../src/models/fast-check.js';
import { generateCheck } from '../../src/models/fast-check-code.js';
import * as models from '../../src/models/index.js';
import { unknownFields } from '../../src/models/index.js';
import { list } from '../../src/models/list.js';
import { allFields, sample, setAt } from '../support/schema-walk.js';

const RESPONSES = [
  'ConnectionRecord',
  'CredentialExchangeRecord',
  'CredentialExchangeRecordList',
  'DidDocument',
  'DidResolutionResult',
  'OfferCreateResponse',
  'OfferEmailResponse',
  'OutOfBandRecord',
  'AcceptInvitationResult',
  'SchemaCreateResponse',
] as const;

/** The unknown fields of every object of `value`, by path (zod orders fields in its own way). */
function marks(value: unknown, path = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return out;
  out[path] = unknownFields(value);
  for (const [key, inner] of Object.entries(value)) marks(inner, `${path}/${key}`, out);
  return out;
}

const schemaOf = (name: string) =>
  (models as unknown as Record<string, z.core.$ZodType>)[name] as z.core.$ZodType;

const BACKENDS = [
  ['generated code', generateCheck],
  ['closures (no eval)', compileClosures],
] as const;

describe.each(
  BACKENDS.flatMap(([backend, compile]) => RESPONSES.map((name) => [name, backend, compile] as const)),
)('%s, %s', (name, _backend, compile) => {
  const schema = schemaOf(name);
  const fastCheck = compile;
  const base = sample(schema);
  const paths = allFields(schema);
  const edit = fc.record({
    path: fc.constantFrom(...paths),
    value: fc.oneof(fc.jsonValue(), fc.constant(null), fc.constant(undefined)),
  });

  // SignInResult and ProofRequestResponse (refinements: a non-blank id) and DidWriteResponse (a
  // transform) are zod's alone: one record each, not a hot path.
  it('is compiled, and its full sample passes the fast path', () => {
    const check = fastCheck(schema);
    expect(check && fastParse(check, JSON.parse(JSON.stringify(base)))).toBeTruthy();
  });

  it('the fast path never passes what zod refuses, and gives what zod gives', () => {
    fc.assert(
      fc.property(
        fc.array(edit, { maxLength: 4 }),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (edits, more) => {
          let body = edits.reduce<unknown>((v, e) => setAt(v, e.path, e.value), base);
          if (typeof body === 'object' && body !== null && !Array.isArray(body)) body = { ...more, ...body };
          // Through JSON, as a body arrives (an undefined field is then absent).
          const text = JSON.stringify(body) ?? 'null';
          const check = fastCheck(schema);
          if (!check) return;
          const fast = fastParse(check, JSON.parse(text));
          const slow = z.safeParse(schema, JSON.parse(text));
          if (!fast) return;
          expect(slow.error?.issues).toBeUndefined();
          expect(fast.value).toStrictEqual(slow.data);
          expect(marks(fast.value)).toStrictEqual(marks(slow.data));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe.each(BACKENDS)('%s', (_backend, fastCheck) => {
  it('a credential exchange record as agents send it, nulls included, passes the fast path', () => {
    const record = {
      _tags: { connectionId: 'c', credentialIds: [], state: 'done', threadId: 't' },
      metadata: { '_anoncreds/credential': { schemaId: 's' } },
      credentials: [{ credentialRecordType: 'anoncreds', credentialRecordId: 'r' }, null],
      id: 'id',
      createdAt: '2025-01-01T00:00:00.000Z',
      state: 'done',
      connectionId: null,
      threadId: 't',
      protocolVersion: 'v1',
      credentialAttributes: [{ 'mime-type': 'text/plain', name: 'name', value: 'Alice' }],
      autoAcceptCredential: 5,
      updatedAt: '2025-01-01T00:00:00.000Z',
      role: 'issuer',
      errorMessage: null,
    };
    const check = fastCheck(models.CredentialExchangeRecordList);
    const passed = check && fastParse(check, [record]);
    expect(passed?.value).toStrictEqual(models.CredentialExchangeRecordList.parse([structuredClone(record)]));
    const [parsed] = (passed?.value ?? []) as models.CredentialExchangeRecord[];
    expect(parsed?.credentials).toHaveLength(1);
    expect(parsed?.connectionId).toBeUndefined();
    expect(parsed?.autoAcceptCredential).toBeUndefined();
    expect(unknownFields(parsed?._tags ?? {})).toEqual({ credentialIds: [] });
  });

  describe('an own __proto__ key (attack on issue 23)', () => {
    it('in a record-typed field is left out, as zod leaves it out', () => {
      const body = '{"id":"o","metadata":{"__proto__":{"isAdmin":true},"k":1}}';
      const schema = schemaOf('OutOfBandRecord');
      const check = fastCheck(schema);
      const fast =
        check && fastParse(check, JSON.parse(body)) ? JSON.parse(body) : z.parse(schema, JSON.parse(body));
      const viaZod = z.parse(schema, JSON.parse(body)) as { metadata: object };
      expect(Object.keys((fast as { metadata: object }).metadata)).toEqual(Object.keys(viaZod.metadata));
      expect(Object.hasOwn((fast as { metadata: object }).metadata, '__proto__')).toBe(false);
    });
  });

  it('an object with an own __proto__ field fails the fast path (zod leaves the field out)', () => {
    const schema = schemaOf('CredentialExchangeRecord');
    const check = fastCheck(schema);
    expect(check && fastParse(check, JSON.parse('{"id":"a","__proto__":{"x":1}}'))).toBeUndefined();
    expect(check && fastParse(check, JSON.parse('{"id":"a","__proto__":{"x":1},"more":1}'))).toBeUndefined();
  });

  it('unknown fields are found whatever the field names: quoted, inherited names, undefined values', () => {
    const schema = list(
      responseObject({
        constructor: maybe(z.string()),
        'a"b\n\u2028': extra(z.number()),
        '"); throw new Error("injected"); ("': maybe(z.string()),
      }),
    );
    const check = fastCheck(schema);
    // A field named as one of Object.prototype's reads the inherited value when absent (zod too):
    // every body here has it.
    const bodies: Record<string, unknown>[] = [
      { constructor: 'c' },
      { constructor: null, more: 1 },
      { constructor: 'c', 'a"b\n\u2028': 'not a number', '"); throw new Error("injected"); ("': 'x' },
      { constructor: 'c', 'a"b\n\u2028': 2, toString: 'x' },
      { constructor: 'c', undefinedValue: undefined },
    ];
    for (const body of bodies) {
      const passed = check && fastParse(check, [{ ...body }]);
      const viaZod = z.parse(schema, [{ ...body }]);
      expect(passed?.value).toStrictEqual(viaZod);
      expect(marks(passed?.value)).toStrictEqual(marks(viaZod));
    }
    // A known field given as undefined (an object built in code, not JSON) is no unknown field.
    const plain = list(responseObject({ id: z.string(), note: maybe(z.string()) }));
    const plainCheck = fastCheck(plain);
    const passed = plainCheck && fastParse(plainCheck, [{ id: 'a', note: undefined }]);
    const [parsed] = (passed?.value ?? [{ x: 1 }]) as object[];
    expect(unknownFields(parsed ?? { x: 1 })).toEqual({});
  });
});

describe('which compiler fastCheck uses', () => {
  const fresh = () => list(responseObject({ id: z.string(), note: maybe(z.string()) }));

  it('generated code where new Function is allowed', () => {
    expect(mayGenerate()).toBe(true);
    const schema = fresh();
    expect(fastCheck(schema)).not.toBe(compileClosures(schema));
    expect(fastCheck(schema)?.name).toBe('check');
  });

  it("the closures under zod's jitless setting (how a page with a strict CSP says it), with the same answers", () => {
    z.config({ jitless: true });
    try {
      expect(mayGenerate()).toBe(false);
      const schema = fresh();
      const check = fastCheck(schema);
      expect(check).toBe(compileClosures(schema));
      expect(check && fastParse(check, [{ id: 'a', note: null, x: 1 }, null])?.value).toStrictEqual(
        z.parse(schema, [{ id: 'a', note: null, x: 1 }, null]),
      );
    } finally {
      z.config({ jitless: false });
    }
  });
});

// The generated code makes a `null` field absent where it finds it (no list of changes to grow and
// free for every record: a body with a thousand records of nulls cost 1.4× fetch + JSON.parse). An
// element that then fails goes to zod as the fast path left it, so what it wrote must be read by zod
// as the `null` was, whatever else fails: only a field that takes `undefined` too, and never under a
// union, whose next option may read the field otherwise.
describe.each(BACKENDS)('%s: what the fast path leaves, zod reads as it came', (_backend, compile) => {
  const answerOf = (schema: z.core.$ZodType, body: unknown) => {
    const check = compile(schema);
    const passed = check && fastParse(check, body);
    if (passed) return { success: true, data: passed.value };
    const { success, data, error } = z.safeParse(schema, body);
    return { success, data, issues: error?.issues.map(({ code, path }) => ({ code, path })) };
  };
  const expectSameAnswer = (schema: z.core.$ZodType, body: unknown) => {
    const slow = z.safeParse(schema, structuredClone(body));
    const answer = answerOf(schema, structuredClone(body));
    expect(answer.success).toBe(slow.success);
    if (slow.success) expect(answer.data).toStrictEqual(slow.data);
    else expect(answer.issues).toStrictEqual(slow.error.issues.map(({ code, path }) => ({ code, path })));
  };

  it('a null the object takes but not undefined is left for zod when another field fails', () => {
    const schema = responseObject({ a: z.string().nullable(), b: maybe(z.string()), c: z.number() });
    expectSameAnswer(schema, { a: null, b: null, c: 'not a number' });
    expectSameAnswer(list(schema), [
      { a: null, b: null, c: 1 },
      { a: null, b: null, c: 'x' },
    ]);
  });

  it('a null in a z.exactOptional field is left for zod, which refuses a present undefined there (attack on issue 23)', () => {
    const schema = responseObject({ a: z.exactOptional(z.string().nullable()), b: z.string() });
    expectSameAnswer(schema, { a: null, b: 5 });
    expectSameAnswer(schema, { a: null, b: 'x' });
  });

  it('a missing field of type unknown fails as zod fails it (attack on issue 23)', () => {
    expectSameAnswer(z.looseObject({ payload: z.unknown() }), {});
    expectSameAnswer(responseObject({ payload: z.unknown(), n: maybe(z.unknown()) }), { n: null });
    expectSameAnswer(z.looseObject({ payload: z.unknown() }), { payload: null });
  });

  it("an own __proto__ key under an extra field is zod's to judge, not read as absent (attack on issue 23)", () => {
    const schema = responseObject({
      r: extra(responseObject({ id: z.string() })),
      m: extra(models.Metadata),
    });
    expectSameAnswer(schema, JSON.parse('{"r":{"id":"x","__proto__":1}}'));
    expectSameAnswer(schema, JSON.parse('{"m":{"a":1,"__proto__":{"b":2}}}'));
    expectSameAnswer(schema, JSON.parse('{"r":{"id":5,"__proto__":1}}'));
    expectSameAnswer(
      models.OfferCreateResponse,
      JSON.parse('{"data":{"outOfBandRecord":{"id":"r","__proto__":1}}}'),
    );
  });

  it("zod 4's formats and coercions, kept in the schema and not among its checks, are zod's to judge (attack on issue 23)", () => {
    const schema = z.looseObject({
      id: z.uuid(),
      n: z.int(),
      url: z.url(),
      big: z.int32(),
      keyed: z.record(z.uuid(), z.unknown()),
      s: z.union([z.coerce.string(), z.number()]),
      e: extra(z.coerce.string()),
    });
    expectSameAnswer(schema, {
      id: 'not-a-uuid',
      n: 1.5,
      url: 'javascript:alert(1)',
      big: 1e12,
      keyed: { x: 1 },
      s: 5,
    });
    expectSameAnswer(schema, {
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      n: 1,
      url: 'https://example.com/',
      big: 7,
      keyed: { '3fa85f64-5717-4562-b3fc-2c963f66afa6': 1 },
      s: 5,
      e: 5,
    });
  });

  it("a field named like one of Object.prototype's, missing from the body, is zod's to read (attack on issue 23)", () => {
    // zod reads the inherited member and keeps it as an own field of its output.
    expectSameAnswer(z.looseObject({ constructor: z.unknown(), hasOwnProperty: z.any() }), {});
    expectSameAnswer(responseObject({ toString: maybe(z.string()), valueOf: extra(z.string()) }), {});
    expectSameAnswer(responseObject({ constructor: maybe(z.unknown()) }), JSON.parse('{"constructor":null}'));
  });

  it("a field keyed by a symbol, which zod checks, is zod's to judge (attack on issue 23)", () => {
    expectSameAnswer(z.looseObject({ a: z.string(), [Symbol('s')]: z.string() }), { a: 'x' });
  });

  it('the nulls of a list of lists are dropped at every depth (attack on issue 23)', () => {
    expectSameAnswer(responseObject({ a: list(list(z.boolean())) }), { a: [null, [true, null], [null]] });
    expectSameAnswer(list(list(z.boolean())), [[true, null], null, [null, false]]);
  });

  it("a union's first option does not change what its second reads", () => {
    const first = responseObject({ x: maybe(z.string()), y: z.number() });
    const second = responseObject({ x: z.string().nullable(), y: z.string() });
    const schema = z.union([first, second]);
    expectSameAnswer(schema, { x: null, y: 'second' });
    expectSameAnswer(list(schema), [
      { x: null, y: 'second' },
      { x: null, y: 2 },
    ]);
    expectSameAnswer(responseObject({ inner: list(schema) }), { inner: [{ x: null, y: 'second' }] });
  });

  it('nulls at every depth of a record that passes read as absent, and one that fails gives zod its issues', () => {
    const schema = models.CredentialExchangeRecordList;
    const record = {
      _tags: { connectionId: null, threadId: 't', state: 'done' },
      id: 'id',
      createdAt: '2025-01-01T00:00:00.000Z',
      state: 'done',
      connectionId: null,
      threadId: null,
      errorMessage: null,
      metadata: null,
      credentialAttributes: [{ 'mime-type': null, name: 'n', value: 'v' }],
    };
    expectSameAnswer(schema, [record, record]);
    expectSameAnswer(schema, [record, { ...record, id: 5 }]);
  });
});

// A list schema is public: `CredentialExchangeRecordList.parse(mine)` is zod's contract, a new
// value and the caller's left as it was (frozen ones included). Only the SDK's own bodies, fresh
// from JSON.parse, are checked where they lie.
describe("the public list schemas leave the caller's values as they are", () => {
  const record = () => ({
    id: 'id',
    state: 'done',
    connectionId: null,
    unknownToTheSpec: 1,
    _tags: { threadId: null },
    credentialAttributes: [{ 'mime-type': null, name: 'n', value: 'v' }, null],
  });
  const deepFreeze = <T>(value: T): T => {
    if (typeof value === 'object' && value !== null)
      for (const inner of Object.values(value)) deepFreeze(inner);
    return Object.freeze(value);
  };

  it.each([
    ['a passing record', {}],
    ['a failing record', { id: 5 }],
  ])('%s: the input is not changed, and frozen input parses as it does unfrozen', (_name, change) => {
    const schema = models.CredentialExchangeRecordList;
    const input = [{ ...record(), ...change }, null];
    const before = structuredClone(input);
    const answer = z.safeParse(schema, input);
    expect(input).toStrictEqual(before);
    expect(Object.getOwnPropertySymbols(input[0] ?? {})).toEqual([]);
    const frozen = z.safeParse(schema, deepFreeze(structuredClone(before)));
    expect(frozen.success).toBe(answer.success);
    if (answer.success) {
      expect(frozen.data).toStrictEqual(answer.data);
      const [parsed] = answer.data;
      expect(parsed?.connectionId).toBeUndefined();
      expect(unknownFields(parsed ?? {})).toEqual({ unknownToTheSpec: 1 });
    }
  });
});
