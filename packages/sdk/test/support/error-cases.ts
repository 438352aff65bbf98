import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  type AgentClient,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  REDACTED,
  RequestValidationError,
  ResponseValidationError,
} from '../../src/index.js';
import { rejectionOf, signedInClient, TOKEN } from './client.js';
import { mockService } from './server.js';

/** One SDK method and the endpoint behind it, for the error answers every endpoint shares. */
export interface EndpointContract {
  /** `oob.get`, `org(id).offers.create`, … */
  name: string;
  method: 'GET' | 'POST';
  /** The msw route pattern, e.g. `/oob/:id`. */
  route: string;
  invoke: (client: AgentClient) => Promise<unknown>;
  /** A 2xx body that breaks what the spec promises, and the path of the first issue. */
  malformed: { body: unknown; issuePath: string };
  /** `/orgs/...` endpoints answer 403 for a foreign organisation. */
  orgScoped?: boolean;
  /** Endpoints that look an id up answer 404 for an unknown one. */
  lookup?: { message: string };
}

/** Declares the error-answer tests of one endpoint (401, 403, 400, 404, echoed token, bad 2xx). */
export function describeErrorAnswers(contract: EndpointContract): void {
  const { name, method, route, invoke } = contract;
  describe(`${name} error answers`, () => {
    it('maps 401 to AuthenticationError and forgets the stored token', async () => {
      mockService.on(method, route, { status: 401, json: { statusCode: 401, message: 'Unauthorized' } });
      const { client, tokenStore } = signedInClient();
      const error = await rejectionOf(() => invoke(client));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, reason: 'rejected', message: 'Unauthorized', method });
      expect(tokenStore.get()).toBeUndefined();
      expect(mockService.requests).toHaveLength(1);
    });

    if (contract.orgScoped) {
      it('maps 403 for a foreign organisation to PermissionDeniedError with the server message', async () => {
        const body = { statusCode: 403, message: 'User does not have access', error: 'Forbidden Resource' };
        mockService.on(method, route, { status: 403, json: body });
        const error = await rejectionOf(() => invoke(signedInClient().client));
        expect(error).toBeInstanceOf(PermissionDeniedError);
        expect(error).toMatchObject({ status: 403, message: 'User does not have access', body });
      });
    }

    it("maps a 400 from the server to BadRequestError carrying the server's message", async () => {
      const body = { statusCode: 400, message: ['comment must be a string'], error: 'Bad Request' };
      mockService.on(method, route, { status: 400, json: body });
      const error = await rejectionOf(() => invoke(signedInClient().client));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.message).toBe('comment must be a string');
      // The gateway's sentence names the field: `path` is read from it (issue 18).
      expect((error as BadRequestError).fieldErrors).toEqual([
        { path: 'comment', message: 'comment must be a string', code: 'invalid_type', expected: 'string' },
      ]);
    });

    const { lookup } = contract;
    if (lookup) {
      it('maps 404 for an unknown id to NotFoundError with the server message', async () => {
        mockService.on(method, route, { status: 404, json: { message: lookup.message } });
        const error = await rejectionOf(() => invoke(signedInClient().client));
        expect(error).toBeInstanceOf(NotFoundError);
        expect(error).toMatchObject({ status: 404, message: lookup.message });
      });
    }

    it('keeps the token out of the error, message and body, when the server echoes it back', async () => {
      mockService.on(method, route, { status: 400, json: { message: `token ${TOKEN} is not allowed here` } });
      const error = await rejectionOf(() => invoke(signedInClient().client));
      expect(error.message).toBe(`token ${REDACTED} is not allowed here`);
      // console.error(error) shows the error's own fields, the parsed body among them.
      expect(inspect(error)).not.toContain(TOKEN);
    });

    it('rejects a 2xx body that breaks the spec with ResponseValidationError carrying the raw body', async () => {
      mockService.on(method, route, { json: contract.malformed.body });
      const error = await rejectionOf(() => invoke(signedInClient().client));
      expect(error).toBeInstanceOf(ResponseValidationError);
      const { body, issues } = error as ResponseValidationError;
      expect(body).toEqual(contract.malformed.body);
      expect(issues.map((i) => i.path)).toContain(contract.malformed.issuePath);
    });
  });
}

/** Asserts `error` is a validation error naming `field`, and that nothing reached the service. */
export function expectNothingSent(error: Error, field: string): void {
  expect(error).toBeInstanceOf(RequestValidationError);
  const paths = (error as RequestValidationError).issues.map((i) => i.path);
  expect(paths.some((p) => p === field || p.startsWith(`${field}.`) || p.startsWith(`${field}[`))).toBe(true);
  expect(error.message).toContain(field);
  expect(mockService.seen).toBe(0);
}
