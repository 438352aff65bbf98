/**
 * Issue 9, item 5 and attack M4, generated from the response schemas themselves: every field of
 * every response schema, at any depth (list elements included), accepts `null` and absence (read
 * as absent) unless it is one of the few listed in {@link REQUIRED}; every field the spec does not
 * list accepts any JSON value at all; and a `null` element of any list is dropped, never a failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  AcceptInvitationResult,
  CredentialExchangeRecordList,
  DidWriteResponse,
  OfferCreateResponse,
  OfferEmailResponse,
  OutOfBandRecord,
  ProofRequestResponse,
  SchemaCreateResponse,
  SignInResult,
} from '../../src/index.js';
import {
  allFields,
  getAt,
  listPaths,
  optionalFields,
  removeAt,
  sample,
  setAt,
} from '../support/schema-walk.js';

const SCHEMAS: Record<string, z.core.$ZodType> = {
  SignInResult,
  OutOfBandRecord,
  AcceptInvitationResult,
  CredentialExchangeRecordList,
  DidWriteResponse,
  OfferCreateResponse,
  OfferEmailResponse,
  ProofRequestResponse,
  SchemaCreateResponse,
};

/**
 * The only fields that may fail a parse when `null` or absent (`0` is a list element), and why:
 * the spec marks them required (sign-in, the schema registration answer, the `/orgs` envelope's
 * `data`), or the SDK's own API cannot do without them: a record's `id` is what every later call
 * on it takes (`oob.get`, `acceptInvitation`, `negotiateOffer`), a DID write without `did` wrote
 * nothing usable, and `invitationUrl` is what creating a shareable offer is for. Every other
 * field, at any depth, must read `null` and absence as absent.
 */
const REQUIRED: Record<string, string[]> = {
  SignInResult: ['access_token', 'token_type'],
  OutOfBandRecord: ['id'],
  AcceptInvitationResult: ['connectionRecord.id', 'outOfBandRecord', 'outOfBandRecord.id'],
  CredentialExchangeRecordList: ['0.id'],
  DidWriteResponse: ['did'],
  OfferCreateResponse: ['data', 'data.invitationUrl'],
  OfferEmailResponse: ['data'],
  ProofRequestResponse: ['data', 'data.id'],
  SchemaCreateResponse: ['schemaState', 'schemaState.state', 'schemaMetadata', 'registrationMetadata'],
};

describe.each(Object.entries(SCHEMAS))('%s', (name, schema) => {
  const base = sample(schema);
  const fields = optionalFields(schema);
  const label = (path: (string | number)[]) => path.join('.');
  const accepts = (body: unknown) => z.safeParse(schema, body).success;

  it('fails on a null or absent field only where the field is required', () => {
    const failing = allFields(schema).filter(
      (p) => !accepts(setAt(base, p, null)) || !accepts(removeAt(base, p)),
    );
    expect(failing.map(label)).toEqual(REQUIRED[name]);
  });

  it.each(listPaths(schema).map((path) => ({ path, at: label(path) || '(body)' })))(
    'list $at: null elements are dropped',
    ({ path }) => {
      const list = getAt(base, path) as unknown[];
      const parsed = z.safeParse(schema, setAt(base, path, [null, ...list, null]));
      expect(parsed.error?.issues).toBeUndefined();
      expect(getAt(parsed.data, path)).toHaveLength(list.length);
    },
  );

  it('has optional fields to try, and accepts its full sample', () => {
    expect(fields.length).toBeGreaterThan(0);
    expect(z.safeParse(schema, base).success).toBe(true);
  });

  it.each(fields.map((f) => ({ ...f, at: label(f.path) })))(
    '$at ($kind) accepts null, read as absent',
    ({ path }) => {
      const parsed = z.safeParse(schema, setAt(base, path, null));
      expect(parsed.error?.issues).toBeUndefined();
      const parent = path
        .slice(0, -1)
        .reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], parsed.data);
      expect((parent as Record<string, unknown>)[path[path.length - 1] as string]).toBeUndefined();
    },
  );

  it('accepts null in any combination of its optional fields at once', () => {
    fc.assert(
      fc.property(fc.subarray(fields), (chosen) => {
        // Deepest first: a field nulled above another one then replaces it whole.
        const deepestFirst = [...chosen].sort((a, b) => b.path.length - a.path.length);
        const body = deepestFirst.reduce<unknown>((v, f) => setAt(v, f.path, null), base);
        expect(z.safeParse(schema, body).error?.issues).toBeUndefined();
      }),
      { numRuns: 50 },
    );
  });

  const extras = fields.filter((f) => f.kind === 'extra');
  if (extras.length > 0) {
    it('accepts any JSON value in a field the spec does not list', () => {
      fc.assert(
        fc.property(fc.constantFrom(...extras), fc.jsonValue(), (field, value) => {
          expect(z.safeParse(schema, setAt(base, field.path, value)).error?.issues).toBeUndefined();
        }),
        { numRuns: 100 },
      );
    });
  }
});
