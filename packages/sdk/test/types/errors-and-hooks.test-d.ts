import { describe, expectTypeOf, it } from 'vitest';
import {
  AgentClient,
  type AgentError,
  type ApiError,
  type BadRequestError,
  CREDENTIAL_STATES,
  type FieldIssue,
  isApiError,
  type RateLimitError,
  type RequestEvent,
  type ResponseValidationError,
  type SchemaRegistrationError,
} from '../../src/index.js';
import type { KEY_TYPES } from '../../src/models/index.js';

describe('error types', () => {
  it('narrow an unknown error to ApiError through the guard', () => {
    const error: unknown = new Error('x');
    if (isApiError(error)) {
      expectTypeOf(error).toEqualTypeOf<ApiError>();
      expectTypeOf(error.status).toEqualTypeOf<number>();
    }
    expectTypeOf<ApiError>().toExtend<AgentError>();
  });

  it('carry typed details', () => {
    expectTypeOf<RateLimitError['retryAfter']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<BadRequestError['fieldErrors']>().toEqualTypeOf<FieldIssue[]>();
    expectTypeOf<ResponseValidationError['body']>().toEqualTypeOf<unknown>();
    expectTypeOf<'failed'>().toExtend<SchemaRegistrationError['state']>();
    expectTypeOf<SchemaRegistrationError['reason']>().toEqualTypeOf<string | undefined>();
  });
});

describe('hooks and enum constants', () => {
  it('give hooks typed events', () => {
    new AgentClient({
      baseUrl: 'http://agent.test',
      hooks: { onRequest: (event) => expectTypeOf(event).toEqualTypeOf<RequestEvent>() },
    });
    // @ts-expect-error a hook receives an event, not a string
    new AgentClient({ baseUrl: 'http://agent.test', hooks: { onRequest: (event: string) => event } });
  });

  it('export the known values as readonly tuples of literals', () => {
    expectTypeOf(CREDENTIAL_STATES).toExtend<readonly string[]>();
    expectTypeOf<(typeof CREDENTIAL_STATES)[number]>().toExtend<string>();
    expectTypeOf<'offer-sent'>().toExtend<(typeof CREDENTIAL_STATES)[number]>();
    expectTypeOf<'ed25519'>().toExtend<(typeof KEY_TYPES)[number]>();
    expectTypeOf<'rsa'>().not.toExtend<(typeof KEY_TYPES)[number]>();
  });
});
