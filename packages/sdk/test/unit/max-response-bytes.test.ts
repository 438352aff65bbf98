/**
 * Issue 9, attack M1: a `maxResponseBytes` above the longest string JavaScript can hold let a big
 * body through the byte cap only to fail as a `ConnectionError (Invalid string length)` after it
 * was read, and a GET was downloaded three times. Such a cap is refused when the client is made.
 */
import { describe, expect, it } from 'vitest';
import { AgentClient, RequestValidationError } from '../../src/index.js';

const make = (maxResponseBytes: number) =>
  new AgentClient({ baseUrl: 'http://agent.test', accessToken: 't', maxResponseBytes });

describe('maxResponseBytes', () => {
  it.each([2 ** 29, 2 ** 30, 2 ** 31])('%i is refused, naming the option and the maximum', (value) => {
    expect(() => make(value)).toThrow(RequestValidationError);
    expect(() => make(value)).toThrow(
      'Invalid request: maxResponseBytes: must be at most 536870888 (the longest string JavaScript can hold)',
    );
  });

  it('the maximum itself is accepted', () => {
    expect(() => make(2 ** 29 - 24)).not.toThrow();
  });
});
