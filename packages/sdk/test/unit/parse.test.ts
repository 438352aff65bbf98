import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatPath, parseRequest, parseResponse } from '../../src/core/validation/parse.js';
import { RequestValidationError, ResponseValidationError } from '../../src/index.js';
import { rejectionOf } from '../support/client.js';

const info = { method: 'POST', path: 'things', status: 200 };

describe('parseResponse', () => {
  it('names the field of the union branch that came closest to matching', () => {
    const schema = z.union([
      z.object({ a: z.string(), b: z.string(), c: z.string() }),
      z.object({ d: z.object({ e: z.string() }) }),
    ]);
    const body = { d: { e: 1 } };
    try {
      parseResponse(schema, body, info);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues).toEqual([
        {
          path: 'd.e',
          message: 'Invalid input: expected string, received number',
          code: 'invalid_type',
          expected: 'string',
          received: 'number',
        },
      ]);
      expect((error as ResponseValidationError).body).toEqual(body);
    }
  });

  it('prefixes the issues of a nested union with the path of the union', () => {
    const schema = z.object({ list: z.array(z.union([z.object({ id: z.string() }), z.string()])) });
    expect(() => parseResponse(schema, { list: ['ok', { id: 2 }] }, info)).toThrow(
      'Unexpected response from POST /things (HTTP 200): list[1].id: Invalid input: expected string, received number',
    );
  });
});

describe('parseRequest', () => {
  it('labels a bare value with the given name', () => {
    expect(() => parseRequest(z.string().min(1, 'must not be empty'), '', 'orgId')).toThrow(
      'Invalid request: orgId: must not be empty',
    );
  });

  it('lists at most five issues in the message', async () => {
    const schema = z.strictObject(Object.fromEntries('abcdefg'.split('').map((k) => [k, z.string()])));
    const error = (await rejectionOf(async () => parseRequest(schema, {}))) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues).toHaveLength(7);
    expect(error.message.endsWith('; and 2 more')).toBe(true);
  });
});

describe('formatPath', () => {
  it('writes indexes in brackets and keys with dots', () => {
    expect(formatPath(['credentialOffer', 0, 'emailId'])).toBe('credentialOffer[0].emailId');
    expect(formatPath([2, 'id'])).toBe('[2].id');
  });
});
