/**
 * Attack L2: a registrar that answers `/dids/write` with `didState.state` other than `finished`
 * (`failed` with a `reason`, `action`, `wait`) gave `ResponseValidationError: didState.did:
 * expected string` and lost the reason. It is a `DidRegistrationError` carrying the state, the
 * reason or action, and the answer.
 */
import { describe, expect, it } from 'vitest';
import { AgentClient, AgentError, DidRegistrationError } from '../../src/index.js';
import { fakeFetch, json } from '../support/fake-fetch.js';

const write = (body: unknown) => {
  const { fetch } = fakeFetch(json(body));
  const client = new AgentClient({ baseUrl: 'http://agent.test', accessToken: 't', fetch, retry: false });
  return client.dids.write({ method: 'key', keyType: 'ed25519' });
};
const failure = async (body: unknown) => {
  const error = await write(body).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DidRegistrationError);
  expect(AgentError.is(error)).toBe(true);
  return error as DidRegistrationError;
};

describe('dids.write against a registrar that did not finish', () => {
  it('failed, with the reason', async () => {
    const body = { didState: { state: 'failed', reason: 'ledger down' } };
    const error = await failure(body);
    expect(error.message).toBe('DID registration failed: ledger down');
    expect(error).toMatchObject({ name: 'DidRegistrationError', state: 'failed', reason: 'ledger down' });
    expect(error.result).toEqual(body);
  });

  it('action, with the action', async () => {
    const error = await failure({ didState: { state: 'action', action: 'sign' } });
    expect(error.message).toBe('DID registration action: sign');
    expect(error).toMatchObject({ state: 'action', action: 'sign', reason: undefined });
  });

  it('wait, even with a did', async () => {
    const error = await failure({ didState: { state: 'wait', did: 'did:key:z6Mk' } });
    expect(error.message).toBe('DID registration wait: not finished');
  });

  it('finished is the DID', async () => {
    const result = await write({ didState: { state: 'finished', did: 'did:key:z6Mk' } });
    expect(result.did).toBe('did:key:z6Mk');
  });

  it('a finished state without a did is still a validation error naming the path', async () => {
    await expect(write({ didState: { state: 'finished' } })).rejects.toMatchObject({
      name: 'ResponseValidationError',
      issues: [{ path: 'didState.did', message: 'Invalid input: expected string, received undefined' }],
    });
  });
});
