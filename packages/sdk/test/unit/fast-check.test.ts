/**
 * Issue 23: a response is validated where it lies (models/fast-check.ts) and zod runs only when
 * that fast path does not pass it. The fast path must never accept what zod refuses nor give
 * another value: for every response schema, bodies built from its sample with fields set to any
 * JSON value, `null`, removed, or joined by unknown fields, each either fails the fast path, or
 * passes both and comes out equal (unknown fields included); and the bodies real agents send pass
 * the fast path (else the speed is silently lost).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { fastCheck, fastParse } from '../../src/models/fast-check.js';
import * as models from '../../src/models/index.js';
import { unknownFields } from '../../src/models/index.js';
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

const schemaOf = (name: string) => (models as unknown as Record<string, z.ZodType>)[name] as z.ZodType;

describe.each(RESPONSES)('%s', (name) => {
  const schema = schemaOf(name);
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
          const slow = schema.safeParse(JSON.parse(text));
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
      check && fastParse(check, JSON.parse(body)) ? JSON.parse(body) : schema.parse(JSON.parse(body));
    const viaZod = schema.parse(JSON.parse(body)) as { metadata: object };
    expect(Object.keys((fast as { metadata: object }).metadata)).toEqual(Object.keys(viaZod.metadata));
    expect(Object.hasOwn((fast as { metadata: object }).metadata, '__proto__')).toBe(false);
  });
});
