import { describe, expectTypeOf, it } from 'vitest';
import type {
  AgentClient,
  APIPromise,
  Auth,
  CredentialExchangeRecord,
  Credentials,
  Dids,
  Offers,
  OrgScope,
  OutOfBand,
  Proofs,
  RawResponse,
  ResponseInfo,
  SchemaCreated,
  Schemas,
  WithResponse,
} from '../../src/index.js';
import { callResolvingTo, withResponse } from '../../src/index.js';

/**
 * The methods of `R` whose return type is not an {@link APIPromise} of what they resolve to, minus
 * the ones named in `Skip` (which make no HTTP call). `never` when every method has `.withResponse()`.
 */
type WithoutResponse<R, Skip extends keyof R = never> = {
  [K in Exclude<keyof R, Skip>]: R[K] extends (...args: never[]) => infer Out
    ? Out extends APIPromise<Awaited<Out>>
      ? never
      : K
    : never;
}[Exclude<keyof R, Skip>];

describe('every method returns an APIPromise', () => {
  it('on each resource and on the client (a new method without it fails here)', () => {
    expectTypeOf<WithoutResponse<Auth, 'signOut' | 'session'>>().toEqualTypeOf<never>();
    expectTypeOf<WithoutResponse<OutOfBand>>().toEqualTypeOf<never>();
    expectTypeOf<WithoutResponse<Credentials>>().toEqualTypeOf<never>();
    expectTypeOf<WithoutResponse<Dids>>().toEqualTypeOf<never>();
    expectTypeOf<WithoutResponse<Schemas>>().toEqualTypeOf<never>();
    expectTypeOf<WithoutResponse<Offers, 'sendByEmailBulk'>>().toEqualTypeOf<never>();
    expectTypeOf<WithoutResponse<Proofs>>().toEqualTypeOf<never>();
    expectTypeOf<WithoutResponse<AgentClient, 'org'>>().toEqualTypeOf<never>();
    // A scope holds resources only; the client's fields are its resources and its default org id.
    expectTypeOf<OrgScope>().toEqualTypeOf<{
      readonly id: string;
      readonly offers: Offers;
      readonly proofs: Proofs;
    }>();
  });

  it('gives the data typed as awaiting the call gives it, with the response', async () => {
    const agent = {} as AgentClient;
    expectTypeOf(agent.credentials.list().withResponse()).resolves.toEqualTypeOf<
      WithResponse<CredentialExchangeRecord[]>
    >();
    expectTypeOf(agent.schemas.create).returns.resolves.toEqualTypeOf<SchemaCreated>();
    expectTypeOf(agent.requestRaw).returns.toEqualTypeOf<APIPromise<RawResponse>>();
    const { data, response } = await agent.request({ method: 'GET', path: '/x' }).withResponse();
    expectTypeOf(data).toEqualTypeOf<unknown>();
    expectTypeOf(response).toEqualTypeOf<ResponseInfo>();
    expectTypeOf(agent.credentials.list()).toMatchTypeOf<Promise<CredentialExchangeRecord[]>>();
  });

  it('request() takes its options last, and not inside the request', () => {
    const agent = {} as AgentClient;
    agent.request({ method: 'GET', path: '/x' }, { timeout: 50, headers: { a: 'b' } });
    // @ts-expect-error the options go in the second argument
    agent.request({ method: 'GET', path: '/x', timeout: 50 });
    // @ts-expect-error the options go in the second argument
    agent.requestRaw({ method: 'GET', path: '/x', signal: new AbortController().signal });
  });
});

describe('a typed fake of a method', () => {
  it('is built with callResolvingTo(); a plain promise is not an APIPromise', () => {
    const fake: Pick<Credentials, 'list'> = { list: () => callResolvingTo([] as CredentialExchangeRecord[]) };
    expectTypeOf(fake.list()).toEqualTypeOf<APIPromise<CredentialExchangeRecord[]>>();
    // @ts-expect-error: a plain promise has no withResponse()
    const plain: Pick<Credentials, 'list'> = { list: () => Promise.resolve([]) };
    expectTypeOf(plain).not.toBeAny();
    // @ts-expect-error: withResponse() takes the promise of a call, not any promise
    withResponse(Promise.resolve(1));
  });
});
