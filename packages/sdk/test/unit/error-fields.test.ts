import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as sdk from '../../src/index.js';

// Every error's own fields, enumerable and in this order (what `console.log`, `JSON.stringify` and
// `toEqual` show), whatever way the classes define them (core/errors.ts declares them and sets
// them in the constructors). `body` of ResponseValidationError and EmailNotSentError is kept but
// not enumerable (a body may be huge); `message` and `stack` are Error's own, not enumerable.
const target = { method: 'GET', path: 'x' };
const request = ['name', 'method', 'path', 'target'];
const api = { ...target, status: 500, body: { a: 1 }, headers: new Headers({ 'x-request-id': 'r' }) };
const registration = { ...target, state: 'failed', reason: 'r', action: 'a', jobId: 'j', result: { b: 2 } };

/** A ResponseValidationError whose body holds the token it is told to scrub. */
const echoed = () =>
  new sdk.ResponseValidationError('m', {
    ...target,
    status: 200,
    issues: [],
    body: { t: 'tok-1' },
    secrets: ['tok-1'],
  });

const CASES: [string, Error, string[]][] = [
  ['AgentError', new sdk.AgentError('m'), ['name']],
  [
    'ApiError',
    new sdk.ApiError('m', api),
    [...request, 'status', 'body', 'headers', 'requestId', 'serverMessage'],
  ],
  [
    'BadRequestError',
    new sdk.BadRequestError('m', api),
    [...request, 'status', 'body', 'headers', 'requestId', 'serverMessage', 'fieldErrors'],
  ],
  [
    'AuthenticationError',
    new sdk.AuthenticationError('m', { ...api, reason: 'rejected' }),
    [...request, 'status', 'body', 'headers', 'requestId', 'serverMessage', 'reason', 'refused'],
  ],
  [
    'RateLimitError',
    new sdk.RateLimitError('m', api),
    [...request, 'status', 'body', 'headers', 'requestId', 'serverMessage', 'retryAfter'],
  ],
  ['ConnectionError', new sdk.ConnectionError('m', { ...target, sent: true }), [...request, 'sent']],
  ['TimeoutError', new sdk.TimeoutError('m', { ...target, timeout: 1 }), [...request, 'timeout']],
  ['RequestValidationError', new sdk.RequestValidationError('m', []), ['name', 'issues']],
  ['PasswordEncryptionError', new sdk.PasswordEncryptionError('m'), ['name', 'option']],
  [
    'ResponseValidationError',
    new sdk.ResponseValidationError('m', { ...target, status: 200, issues: [], body: {} }),
    [...request, 'issues', 'status'],
  ],
  [
    'EmailNotSentError',
    new sdk.EmailNotSentError('m', { ...target, status: 200, inDoubt: true, failures: [], body: {} }),
    [...request, 'status', 'inDoubt', 'failures'],
  ],
  [
    'SchemaRegistrationError',
    new sdk.SchemaRegistrationError('m', { ...registration, schemaId: 's' }),
    [...request, 'state', 'reason', 'action', 'jobId', 'result', 'schemaId', 'schemaRequest'],
  ],
  [
    'DidRegistrationError',
    new sdk.DidRegistrationError('m', { ...registration, did: 'did:key:z' }),
    [...request, 'state', 'reason', 'action', 'jobId', 'result', 'did'],
  ],
  ['AbortError', new sdk.AbortError('m', target), request],
  [
    'RedirectError',
    new sdk.RedirectError('m', { ...target, status: 302, location: undefined }),
    [...request, 'status', 'location'],
  ],
  [
    'ResponseTooLargeError',
    new sdk.ResponseTooLargeError('m', { ...target, limit: 1 }),
    [...request, 'limit'],
  ],
  [
    'UnexpectedStatusError',
    new sdk.UnexpectedStatusError('m', { ...target, status: 1 }),
    [...request, 'status'],
  ],
];

describe('the fields each SDK error carries', () => {
  it.each(CASES)('%s', (_name, error, fields) => {
    expect(Object.keys(error)).toEqual(fields);
    for (const field of fields)
      expect(Object.getOwnPropertyDescriptor(error, field)).toMatchObject({ writable: true });
  });

  it('a field set to undefined is still an own field', () => {
    const error = new sdk.RateLimitError('m', api);
    expect(Object.hasOwn(error, 'retryAfter')).toBe(true);
    expect(error.retryAfter).toBeUndefined();
  });

  it('the unread body of a ResponseValidationError shows nowhere, and reads scrubbed through a proxy or a child', () => {
    const error = echoed();
    expect(inspect(error, { showHidden: true, depth: 10 })).not.toContain('tok-1');
    expect(JSON.stringify(error)).not.toContain('tok-1');
    expect(new Proxy(echoed(), {}).body).toEqual({ t: '[REDACTED]' });
    expect((Object.create(echoed()) as sdk.ResponseValidationError).body).toEqual({ t: '[REDACTED]' });
    expect(error.body).toEqual({ t: '[REDACTED]' });
    expect(inspect(error, { showHidden: true, depth: 10 })).not.toContain('tok-1');
  });

  it('the body of a frozen ResponseValidationError is read, scrubbed, every time', () => {
    const error = Object.freeze(echoed());
    expect(error.body).toEqual({ t: '[REDACTED]' });
    expect(error.body).toEqual({ t: '[REDACTED]' });
  });

  it('the body of a ResponseValidationError and an EmailNotSentError is kept, not enumerable', () => {
    const bodies = [
      new sdk.ResponseValidationError('m', { ...target, status: 200, issues: [], body: { c: 3 } }),
      new sdk.EmailNotSentError('m', { ...target, status: 200, inDoubt: true, failures: [], body: { c: 3 } }),
    ];
    for (const error of bodies) {
      expect(Object.keys(error)).not.toContain('body');
      expect(Object.prototype.propertyIsEnumerable.call(error, 'body')).toBe(false);
      // A ResponseValidationError scrubs its body when it is first read (list-limits.test.ts).
      expect(error.body).toEqual({ c: 3 });
      expect(error.body).toBe(error.body);
      expect(Object.keys(error)).not.toContain('body');
    }
  });

  it("a subclass's own body getter is read every time, its base's body through it", () => {
    class Mine extends sdk.ResponseValidationError {
      override get body(): unknown {
        return { mine: super.body };
      }
    }
    const error = new Mine('m', {
      ...target,
      status: 200,
      issues: [],
      body: { t: 'tok-1' },
      secrets: ['tok-1'],
    });
    expect(error.body).toEqual({ mine: { t: '[REDACTED]' } });
    expect(error.body).toEqual({ mine: { t: '[REDACTED]' } });
  });
});
