/**
 * Issue 9, "types that help rather than hide mistakes": a misspelt field of an answer is a compile
 * error. Response types carry no index signature, at any depth; unknown fields stay reachable at
 * run time through `unknownFields()` only.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AcceptInvitationResult,
  type ConnectionRecord,
  type CredentialExchangeRecord,
  type DidDocument,
  type DidResolutionResult,
  type LedgerSchema,
  type OfferCreated,
  type OrgResponse,
  type OutOfBandInvitation,
  type OutOfBandRecord,
  type OutOfBandService,
  type ProofExchangeRecord,
  type SchemaCreated,
  type SchemaCreateResponse,
  type SchemaState,
  type SignInResult,
  unknownFields,
} from '../../src/index.js';

/** The keys of `T` that are not index signatures. */
type KnownKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: 0;
};

/**
 * The paths (`a.b[]`) at which `T` is an object with named fields *and* a string index signature:
 * the shape `z.looseObject` infers, where `record.conectionId` compiles. A map with no named fields
 * (`metadata`, `Record<string, unknown>`) is not one: its keys are the data.
 */
type LoosePaths<T, P extends string = '(root)'> = T extends readonly (infer E)[]
  ? LoosePaths<E, `${P}[]`>
  : T extends object
    ? T extends (...args: never[]) => unknown
      ? never
      :
          | (string extends keyof T ? ([KnownKeys<T>] extends [never] ? never : P) : never)
          | { [K in KnownKeys<T> & string]-?: LoosePaths<T[K], `${P}.${K}`> }[KnownKeys<T> & string]
    : never;

declare const record: CredentialExchangeRecord;
declare const offer: OrgResponse<OfferCreated>;

describe('response types', () => {
  it('refuse a misspelt field', () => {
    // Dot access is refused by this repository's noPropertyAccessFromIndexSignature alone; bracket
    // access compiles against an index signature under any setting, so it is what proves the point.
    // @ts-expect-error conectionId is not a field (connectionId is)
    void record.conectionId;
    // @ts-expect-error conectionId is not a field, however it is written
    void record['conectionId'];
    // @ts-expect-error invitationUrll is not a field
    void offer.data['invitationUrll'];
    // @ts-expect-error statusCod is not a field of the envelope
    void offer['statusCod'];
    // @ts-expect-error stat is not a field of the tags
    void record._tags?.['stat'];
    // @ts-expect-error nam is not a field of a credential attribute
    void record.credentialAttributes?.[0]?.['nam'];
    expectTypeOf(record.connectionId).toEqualTypeOf<string | undefined>();
  });

  it('have no index signature beside named fields, at any depth', () => {
    expectTypeOf<LoosePaths<SignInResult>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<ConnectionRecord>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<CredentialExchangeRecord>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<OutOfBandRecord>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<OutOfBandInvitation>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<OutOfBandService>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<AcceptInvitationResult>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<DidResolutionResult>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<DidDocument>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<LedgerSchema>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<SchemaState>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<SchemaCreateResponse>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<SchemaCreated>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<OrgResponse<OfferCreated>>>().toEqualTypeOf<never>();
    expectTypeOf<LoosePaths<OrgResponse<ProofExchangeRecord>>>().toEqualTypeOf<never>();
  });

  it('the check itself finds a loose object', () => {
    type Loose = { id: string; nested: { a: string; [key: string]: unknown }[] };
    expectTypeOf<LoosePaths<Loose>>().toEqualTypeOf<'(root).nested[]'>();
    expectTypeOf<LoosePaths<{ metadata: Record<string, unknown> }>>().toEqualTypeOf<never>();
  });

  it('reach unknown fields through unknownFields(), read-only and typed unknown', () => {
    expectTypeOf(unknownFields(record)).toEqualTypeOf<Readonly<Record<string, unknown>>>();
    expectTypeOf(unknownFields(offer.data)).toEqualTypeOf<Readonly<Record<string, unknown>>>();
    // @ts-expect-error a string is not a record
    unknownFields('x');
  });
});
