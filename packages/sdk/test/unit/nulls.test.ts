/**
 * Issue 9, item 5, generated from the response schemas themselves: every optional field of every
 * response schema, at any depth, accepts `null` and absence (read as absent), and every field the
 * spec does not list accepts any JSON value at all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
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
import { optionalFields, sample, setAt } from '../support/schema-walk.js';

const SCHEMAS: Record<string, z.ZodType> = {
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

describe.each(Object.entries(SCHEMAS))('%s', (_name, schema) => {
  const base = sample(schema);
  const fields = optionalFields(schema);
  const label = (path: (string | number)[]) => path.join('.');

  it('has optional fields to try, and accepts its full sample', () => {
    expect(fields.length).toBeGreaterThan(0);
    expect(schema.safeParse(base).success).toBe(true);
  });

  it.each(fields.map((f) => ({ ...f, at: label(f.path) })))(
    '$at ($kind) accepts null, read as absent',
    ({ path }) => {
      const parsed = schema.safeParse(setAt(base, path, null));
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
        expect(schema.safeParse(body).error?.issues).toBeUndefined();
      }),
      { numRuns: 50 },
    );
  });

  const extras = fields.filter((f) => f.kind === 'extra');
  if (extras.length > 0) {
    it('accepts any JSON value in a field the spec does not list', () => {
      fc.assert(
        fc.property(fc.constantFrom(...extras), fc.jsonValue(), (field, value) => {
          expect(schema.safeParse(setAt(base, field.path, value)).error?.issues).toBeUndefined();
        }),
        { numRuns: 100 },
      );
    });
  }
});
