/**
 * Issue 9, "types that help": every public option and param type accepts `exactOptionalPropertyTypes`
 * (this repository compiles with it on): an optional field takes an explicit `undefined`, as in
 * `new AgentClient({ orgId: process.env.AGENT_ORG })`. Checked at any depth.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  AcceptInvitationParams,
  AgentClientOptions,
  AgentDeployment,
  AnyRequest,
  BulkEmailParams,
  BulkOptions,
  BulkRow,
  CredentialListParams,
  DidWriteParams,
  NegotiateOfferParams,
  OfferCreateParams,
  OfferEmailParams,
  OfferOptions,
  ProofRequestOptions,
  ProofRequestParams,
  RequestOptions,
  RetryOptions,
  SchemaCreateParams,
  SignInParams,
  StoredToken,
  TokenStore,
  TransportHooks,
} from '../../src/index.js';

/** Named optional keys (an index signature's keys are not fields). */
type OptionalKeys<T> = {
  // biome-ignore lint/complexity/noBannedTypes: the empty object type extends Pick<T, K> exactly when K is optional.
  [K in keyof T]-?: string extends K ? never : {} extends Pick<T, K> ? K : never;
}[keyof T];
/** `T` with `?` removed: under exactOptionalPropertyTypes only a written `| undefined` is left. */
type Declared<T> = { [K in keyof T]-?: T[K] };

/** Values that are not option objects: their own types are not ours to check. */
type Opaque = AbortSignal | Headers | Error | z.core.$ZodType | TokenStore | ((...args: never[]) => unknown);

/** Paths (`a.b[]`) of optional fields that refuse an explicit `undefined`. */
type RefusesUndefined<T, P extends string = '(root)'> = T extends readonly (infer E)[]
  ? RefusesUndefined<E, `${P}[]`>
  : T extends Opaque
    ? never
    : T extends object
      ?
          | {
              [K in OptionalKeys<T> & string]-?: undefined extends Declared<T>[K] ? never : `${P}.${K}`;
            }[OptionalKeys<T> & string]
          | { [K in keyof T & string]-?: RefusesUndefined<NonNullable<T[K]>, `${P}.${K}`> }[keyof T & string]
      : never;

describe('option and param types under exactOptionalPropertyTypes', () => {
  it('the check finds an optional field without | undefined', () => {
    expectTypeOf<RefusesUndefined<{ a?: string; b?: { c?: number }[] }>>().toEqualTypeOf<
      '(root).a' | '(root).b' | '(root).b[].c'
    >();
    expectTypeOf<RefusesUndefined<{ a?: string | undefined }>>().toEqualTypeOf<never>();
  });

  it('client options, per-call options and hooks', () => {
    expectTypeOf<RefusesUndefined<AgentClientOptions>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<AgentDeployment>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<RetryOptions>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<RequestOptions>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<AnyRequest>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<OfferOptions>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<ProofRequestOptions>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<BulkOptions>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<BulkRow>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<TransportHooks>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<StoredToken>>().toEqualTypeOf<never>();
  });

  it('the params of every call', () => {
    expectTypeOf<RefusesUndefined<SignInParams>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<AcceptInvitationParams>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<CredentialListParams>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<NegotiateOfferParams>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<OfferCreateParams>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<OfferEmailParams>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<BulkEmailParams>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<ProofRequestParams>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<DidWriteParams>>().toEqualTypeOf<never>();
    expectTypeOf<RefusesUndefined<SchemaCreateParams>>().toEqualTypeOf<never>();
  });

  it('a value read from the environment goes straight into the options', () => {
    const env: Record<string, string | undefined> = {};
    const retry: RetryOptions = { limit: undefined, baseDelay: undefined };
    const agent: AgentDeployment = { baseUrl: 'http://agent.test', apiKey: env['AGENT_KEY'] };
    const bulk: BulkOptions = { batchSize: undefined, signal: undefined, onBatchEnd: undefined };
    expectTypeOf({ retry, agent, bulk }).not.toBeNever();
  });
});
