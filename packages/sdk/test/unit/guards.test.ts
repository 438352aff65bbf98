import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  AgentError,
  ApiError,
  isAgentError,
  isApiError,
  NotFoundError,
  TimeoutError,
} from '../../src/index.js';
import { loadInOtherRealm } from '../support/other-realm.js';

// The CommonJS build is another copy of every class: `instanceof` fails across the two.
const cjs = createRequire(import.meta.url)('../../dist/index.cjs') as typeof import('../../src/index.js');

describe('error guards work across module copies (ESM and CJS builds)', () => {
  const foreign = new cjs.NotFoundError('gone', {
    status: 404,
    body: undefined,
    method: 'GET',
    path: 'oob/x',
  });

  it('recognise an error of the other copy', () => {
    expect(foreign instanceof AgentError).toBe(false);
    expect(isAgentError(foreign)).toBe(true);
    expect(AgentError.is(foreign)).toBe(true);
    expect(isApiError(foreign)).toBe(true);
    expect(ApiError.is(foreign)).toBe(true);
  });

  it('tell SDK errors from look-alikes and from each other', () => {
    const lookalike = Object.assign(new Error('x'), { name: 'NotFoundError', status: 404 });
    expect(isAgentError(lookalike)).toBe(false);
    const timeout = new TimeoutError('slow', { method: 'GET', path: 'x', timeout: 1 });
    expect(isAgentError(timeout)).toBe(true);
    expect(isApiError(timeout)).toBe(false);
    expect(
      isApiError(new NotFoundError('gone', { status: 404, body: undefined, method: 'GET', path: 'x' })),
    ).toBe(true);
  });
});

describe('error guards work across realms', () => {
  it('recognise an error built in another realm (a vm context with its own Error)', () => {
    const other = loadInOtherRealm<typeof cjs>(new URL('../../dist/index.cjs', import.meta.url), {
      URL,
      Headers,
      TextEncoder,
      TextDecoder,
      AbortController,
    });
    const error = new other.NotFoundError('gone', { status: 404, body: undefined, method: 'GET', path: 'x' });
    expect(error instanceof Error).toBe(false);
    expect(isAgentError(error)).toBe(true);
    expect(isApiError(error)).toBe(true);
    expect(ApiError.is(error)).toBe(true);
  });
});
