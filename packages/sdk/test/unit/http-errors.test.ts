import { describe, expect, it } from 'vitest';
import { errorFromResponse, errorMessage } from '../../src/core/transport/http-errors.js';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
} from '../../src/index.js';

const answer = (status: number, body: unknown, retryAfterMs?: number) =>
  errorFromResponse({ status, statusText: '', body, method: 'GET', path: 'x', retryAfterMs }, []);

describe('errorFromResponse', () => {
  it.each([
    [400, BadRequestError],
    [422, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [429, RateLimitError],
    [500, ServerError],
    [503, ServerError],
  ])('maps HTTP %i to %o', (status, errorClass) => {
    const error = answer(status, { message: 'm' });
    expect(error).toBeInstanceOf(errorClass);
    expect(error).toMatchObject({ status, method: 'GET', path: 'x', message: 'm' });
  });

  it('maps any other status to the base ApiError', () => {
    const error = answer(418, { message: 'teapot' });
    expect(error.constructor).toBe(ApiError);
  });

  it('gives RateLimitError the Retry-After in seconds', () => {
    expect((answer(429, 'slow', 2500) as RateLimitError).retryAfter).toBe(2.5);
  });

  it('lists a NestJS message array as field errors', () => {
    const error = answer(400, { statusCode: 400, message: ['a is bad', 'b is bad'] }) as BadRequestError;
    expect(error.message).toBe('a is bad; b is bad');
    expect(error.fieldErrors).toEqual([
      { path: 'a', message: 'a is bad', code: 'custom' },
      { path: 'b', message: 'b is bad', code: 'custom' },
    ]);
  });
});

describe('errorMessage', () => {
  it("uses the server's message string", () => {
    expect(errorMessage(404, 'Not Found', { message: 'User not found' })).toBe('User not found');
  });

  it('falls back to the error text when there is no message', () => {
    expect(errorMessage(401, '', { statusCode: 401, error: 'Unauthorized' })).toBe('Unauthorized');
  });

  it('joins the messages of a failed e-mail batch', () => {
    const body = {
      message: 'Batch failed',
      error: [{ message: 'a@x: bounced' }, { message: 'b@x: bounced' }],
    };
    expect(errorMessage(500, '', body)).toBe('Batch failed (2 failed: a@x: bounced; b@x: bounced)');
  });

  it('shows only the status line for an HTML page', () => {
    expect(errorMessage(502, 'Bad Gateway', '<html><body><h1>502</h1></body></html>')).toBe(
      'HTTP 502 Bad Gateway',
    );
  });

  it('shortens a long plain-text body to 200 characters', () => {
    expect(errorMessage(429, '', 'x'.repeat(500))).toBe(`${'x'.repeat(200)}…`);
  });

  it('falls back to the status line for an empty body', () => {
    expect(errorMessage(503, 'Service Unavailable', undefined)).toBe('HTTP 503 Service Unavailable');
  });

  it('gives the innermost reason of a failure the platform relayed from the agent, keeping the outer message', () => {
    const body = {
      statusCode: 500,
      message: 'Something went wrong!',
      error: {
        statusCode: 500,
        message: 'Request failed with status code 500',
        error: { message: 'CredoError: Credential record is in invalid state done.' },
      },
    };
    expect(errorMessage(500, '', body)).toBe(
      'CredoError: Credential record is in invalid state done. (Something went wrong!)',
    );
  });

  it('gives the agent validation details a relayed 422 carries', () => {
    const body = {
      statusCode: 422,
      message: 'Something went wrong!',
      error: {
        statusCode: 422,
        message: 'Request failed with status code 422',
        error: {
          message: 'Validation Failed',
          details: { 'body.x': { message: '"x" is an excess property' } },
        },
      },
    };
    expect(errorMessage(422, '', body)).toBe(
      'Validation Failed: body.x: "x" is an excess property (Something went wrong!)',
    );
  });

  it('keeps the relay message when the nested body says nothing more', () => {
    const body = { statusCode: 502, message: 'Something went wrong!', error: { statusCode: 502, error: {} } };
    expect(errorMessage(502, '', body)).toBe('Something went wrong!');
  });

  it('gives the innermost reason of each holder of a failed e-mail batch', () => {
    const body = {
      message: 'Unable to create out-of-band credential offer',
      error: [
        { statusCode: 500, message: 'Something went wrong!', error: { message: 'CredoError: a@x refused' } },
        { statusCode: 400, message: 'b@x: bounced', error: 'Bad Request' },
      ],
    };
    expect(errorMessage(500, '', body)).toBe(
      'Unable to create out-of-band credential offer (2 failed: CredoError: a@x refused (Something went wrong!); b@x: bounced)',
    );
  });
});
