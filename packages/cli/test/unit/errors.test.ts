import {
  AbortError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  SchemaRegistrationError,
} from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { AuthRequiredError, ExitWith } from '../../src/errors/cli-errors.js';
import { ExitCode } from '../../src/errors/exit-codes.js';
import { exitCodeOf, renderError } from '../../src/errors/render.js';
import { UsageError } from '../../src/errors/usage-error.js';

const render = (error: unknown) =>
  renderError(error, { verbose: false, scrub: (t) => t.replaceAll('s3cret', '[REDACTED]') });
const where = { method: 'GET', path: 'credentials', body: undefined };

describe('renderError', () => {
  it('maps a usage error to exit 2', () => {
    expect(render(new UsageError('missing --org'))).toEqual({
      code: ExitCode.Usage,
      lines: ['error: missing --org'],
    });
  });

  it('maps a request validation error to exit 2 naming each field', () => {
    const error = new RequestValidationError('x', [
      { path: 'version', message: 'must look like 1.0.0', code: 'invalid_format' },
      { path: 'attributes', message: 'must list at least one attribute', code: 'too_small' },
    ]);
    expect(render(error)).toEqual({
      code: 2,
      lines: ['error: version: must look like 1.0.0; attributes: must list at least one attribute'],
    });
  });

  it('maps a 401 to exit 4 with the login hint', () => {
    const error = new AuthenticationError('Unauthorized', { ...where, status: 401, reason: 'rejected' });
    expect(render(error)).toEqual({
      code: 4,
      lines: ['error: Unauthorized (HTTP 401)', 'hint: run: agent-cli login'],
    });
  });

  it('maps an expired token to exit 4', () => {
    const error = new AuthenticationError('x', { ...where, status: 401, reason: 'expired-token' });
    expect(render(error).lines).toEqual([
      'error: the access token has expired',
      'hint: run: agent-cli login',
    ]);
  });

  it('gives no login hint for a failed sign-in', () => {
    const error = new AuthenticationError('Invalid Credentials', {
      method: 'POST',
      path: 'auth/signin',
      body: undefined,
      status: 401,
      reason: 'rejected',
    });
    expect(render(error)).toEqual({ code: 4, lines: ['error: Invalid Credentials (HTTP 401)'] });
  });

  it('maps HTTP errors to exit 1 with the server message and status', () => {
    // The server gave no words (serverMessage undefined): the message is the status line, said once.
    expect(render(new NotFoundError('HTTP 404 Not Found', { ...where, status: 404 })).lines).toEqual([
      'error: HTTP 404 Not Found',
    ]);
    expect(
      render(new NotFoundError('Not here', { ...where, status: 404, serverMessage: 'Not here' })),
    ).toEqual({
      code: 1,
      lines: ['error: Not here (HTTP 404)'],
    });
    const inOrg = { ...where, path: 'orgs/o1/credentials/oob/offer', status: 403 };
    expect(render(new PermissionDeniedError('No', inOrg)).lines[1]).toMatch(/^hint: check --org/);
    expect(
      render(
        new RateLimitError('Slow down', { ...where, status: 429, retryAfter: 3, serverMessage: 'Slow down' }),
      ).lines,
    ).toEqual(['error: Slow down (HTTP 429)', 'hint: retry after 3 s']);
  });

  it('maps other SDK errors to exit 1 with their message', () => {
    const error = new ConnectionError('Could not reach the service (GET /credentials): ECONNREFUSED', {
      method: 'GET',
      path: 'credentials',
      sent: false,
    });
    expect(render(error)).toEqual({
      code: 1,
      lines: ['error: Could not reach the service (GET /credentials): ECONNREFUSED'],
    });
    const schema = new SchemaRegistrationError('Schema registration failed: no ledger', {
      method: 'POST',
      path: 'schemas',
      state: 'failed',
      result: {},
    });
    expect(render(schema).lines).toEqual(['error: Schema registration failed: no ledger']);
  });

  it('maps cancellation (SDK abort or a cancelled prompt) to exit 130', () => {
    expect(render(new AbortError('aborted', where))).toEqual({ code: 130, lines: ['cancelled'] });
    // Said from the error's method and path, whatever its message.
    const post = new AbortError('the bulk send was closed', { method: 'POST', path: 'schemas' });
    expect(render(post)).toEqual({
      code: 130,
      lines: [
        'cancelled: POST /schemas was sent and may have been processed by the service; check before running it again',
      ],
    });
    const signIn = new AbortError('stopped', { method: 'POST', path: 'auth/signin' });
    expect(render(signIn).lines).toEqual([
      'cancelled: the sign-in was sent and may have completed on the service; nothing was stored',
    ]);
    const prompt = Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' });
    expect(render(prompt)).toEqual({ code: 130, lines: ['cancelled'] });
  });

  it('maps a missing login to exit 4 and ExitWith to its own code, silently', () => {
    expect(render(new AuthRequiredError('not signed in'))).toEqual({
      code: 4,
      lines: ['error: not signed in', 'hint: run: agent-cli login'],
    });
    expect(render(new ExitWith(ExitCode.PartialSuccess))).toEqual({ code: 3, lines: [] });
  });

  it('a wrong type is said from the issue code, expected and received, not from the message', () => {
    const error = new RequestValidationError('x', [
      {
        path: 'comment',
        message: 'whatever zod says',
        code: 'invalid_type',
        expected: 'string',
        received: 'number',
      },
      { path: 'protocolVersion', message: 'whatever', code: 'invalid_value', expected: 'v1|v2' },
    ]);
    expect(render(error).lines).toEqual([
      'error: comment: must be a string (got a number); protocolVersion: must be one of v1, v2',
    ]);
  });

  it('decides each exit code once, by error class (exitCodeOf)', () => {
    const request = { method: 'POST', path: 'schemas' };
    const cases: [unknown, number][] = [
      [new UsageError('u'), 2],
      [new RequestValidationError('v', []), 2],
      [new AuthRequiredError('a'), 4],
      [new AuthenticationError('a', { ...request, status: 401, body: undefined, reason: 'rejected' }), 4],
      [new AbortError('c', request), 130],
      [new NotFoundError('n', { ...request, status: 404, body: undefined }), 1],
      [new SchemaRegistrationError('s', { ...request, state: 'action', result: {} }), 5],
      [new SchemaRegistrationError('s', { ...request, state: 'wait', result: {} }), 5],
      [new SchemaRegistrationError('s', { ...request, state: 'failed', result: {} }), 1],
      [new ExitWith(ExitCode.PartialSuccess), 3],
      [new Error('x'), 1],
    ];
    for (const [error, code] of cases) {
      expect(exitCodeOf(error)).toBe(code);
      expect(render(error).code).toBe(code);
    }
  });

  it('with --verbose, a request error adds the request it belongs to', () => {
    const error = new NotFoundError('Not here', { ...where, status: 404, serverMessage: 'Not here' });
    const verbose = renderError(error, { verbose: true, scrub: (t) => t });
    expect(verbose.lines).toEqual([
      'error: Not here (HTTP 404)',
      '* NotFoundError of GET /credentials (agent)',
    ]);
  });

  it('scrubs secrets from every line', () => {
    expect(render(new Error('bad token s3cret'))).toEqual({
      code: 1,
      lines: ['error: bad token [REDACTED]'],
    });
  });
});
