/**
 * Issue 9, attack H4: a 2xx list whose every element fails costs one zod issue per element, and a
 * long list is validated in one synchronous step the attempt's timer cannot interrupt. A list stops
 * at its tenth failing element (the rest counted, not checked), and the attempt's deadline is
 * checked as elements are validated and right after the JSON is decoded.
 */
import { describe, expect, it, vi } from 'vitest';
import { parseResponse } from '../../src/core/validation/parse.js';
import {
  AgentClient,
  CredentialExchangeRecordList,
  ResponseValidationError,
  TimeoutError,
} from '../../src/index.js';
import { fakeFetch } from '../support/fake-fetch.js';

const info = { method: 'GET', path: 'credentials', status: 200 };
const caught = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

describe('a list whose elements fail', () => {
  it('stops at the tenth failing element and says how many were not checked', () => {
    const body = Array.from({ length: 100_000 }, () => ({}));
    const error = caught(() => parseResponse(CredentialExchangeRecordList, body, info));
    expect(error).toBeInstanceOf(ResponseValidationError);
    const { issues, message } = error as ResponseValidationError;
    expect(issues).toHaveLength(11);
    // The stop comes first, so that a message showing the first few issues shows it.
    expect(issues[0]).toEqual({
      path: '(body)',
      message: 'stopped at the 10th failing element; 99,990 more were not checked',
      code: 'custom',
    });
    expect(issues.slice(1).map((i) => i.path)).toEqual(Array.from({ length: 10 }, (_, n) => `[${n}].id`));
    expect(message).toMatch(
      /^Unexpected response from GET \/credentials \(HTTP 200\): \(body\): stopped at the 10th failing element; 99,990 more were not checked; \[0\]\.id: .*; and 6 more$/,
    );
  });

  it("costs what ten failing elements cost, whatever the list's length: the error keeps no copy of it to build (attack on issue 23)", () => {
    const body = Array.from({ length: 200_000 }, () => ({ id: 5 }));
    const error = caught(() =>
      parseResponse(CredentialExchangeRecordList, body, info),
    ) as ResponseValidationError;
    // The stop names the list by its length only: zod's message of the cause, which prints every
    // issue with its input, stays as small as the ten elements it shows.
    expect(String((error.cause as Error).message).length).toBeLessThan(20_000);
    // The body is scrubbed of secrets when it is read, not when the error is made.
    let reads = 0;
    const watched = new Proxy(body, {
      get: (target, key, receiver) => {
        reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const made = new ResponseValidationError('bad', {
      ...info,
      issues: [],
      body: watched,
      secrets: ['s3cret'],
    });
    expect(reads).toBe(0);
    expect((made.body as unknown[]).length).toBe(200_000);
    expect(reads).toBeGreaterThan(0);
    expect(Object.keys(made)).not.toContain('body');
  });

  it('applies to lists inside a record too', () => {
    const body = [{ id: 'a', credentials: Array.from({ length: 50_000 }, () => 5) }];
    const error = caught(() => parseResponse(CredentialExchangeRecordList, body, info));
    expect((error as ResponseValidationError).issues).toHaveLength(11);
    expect((error as ResponseValidationError).issues[0]?.path).toBe('[0].credentials');
    expect((error as ResponseValidationError).issues[1]?.path).toBe('[0].credentials[0]');
  });

  it('a list with fewer failures lists every one of them', () => {
    const body = [{ id: 'a' }, {}, { id: 'b' }, { id: 5 }];
    const error = caught(() => parseResponse(CredentialExchangeRecordList, body, info));
    expect((error as ResponseValidationError).issues.map((i) => i.path)).toEqual(['[1].id', '[3].id']);
  });
});

describe("the attempt's deadline during validation", () => {
  it('a deadline already passed ends the validation of a long list with a TimeoutError', () => {
    const body = Array.from({ length: 20_000 }, (_, n) => ({ id: `r${n}` }));
    const error = caught(() =>
      parseResponse(CredentialExchangeRecordList, body, info, { expiresAt: Date.now() - 1, timeout: 50 }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe('GET /credentials timed out after 50 ms');
  });

  it('a deadline not reached lets it finish', () => {
    const body = Array.from({ length: 20_000 }, (_, n) => ({ id: `r${n}` }));
    const parsed = parseResponse(CredentialExchangeRecordList, body, info, {
      expiresAt: Date.now() + 600_000,
      timeout: 600_000,
    });
    expect(parsed).toHaveLength(20_000);
  });

  it('through the client: a clock past the deadline once the body is read gives a TimeoutError', async () => {
    const body = JSON.stringify(Array.from({ length: 20_000 }, (_, n) => ({ id: `r${n}` })));
    const now = Date.now();
    const { fetch } = fakeFetch(() => {
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
          // The synchronous work that follows runs as if it took ten minutes: no timer can fire.
          vi.spyOn(Date, 'now').mockReturnValue(now + 600_000);
        },
      });
      return new Response(stream, { headers: { 'content-type': 'application/json' } });
    });
    const client = new AgentClient({ baseUrl: 'http://agent.test', accessToken: 't', fetch, retry: false });
    try {
      await expect(client.credentials.list({}, { timeout: 60_000 })).rejects.toBeInstanceOf(TimeoutError);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('what a ResponseValidationError carries, scrubbed of the secrets (attack on issue 23)', () => {
  it("zod's cause does not quote a token the server echoed as a key or a value", async () => {
    const { inspect } = await import('node:util');
    const { z } = await import('zod');
    const token = 'tok-ECHOED-8f3a';
    const schema = z.looseObject({ r: z.record(z.string(), z.number()), s: z.strictObject({}) });
    const body = { r: { [token]: `Bearer ${token}` }, s: { [token]: 1 } };
    const error = caught(() =>
      parseResponse(schema, body, { ...info, secrets: [token] } as typeof info),
    ) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    const cause = error.cause as Error & { issues: unknown[] };
    expect(cause).toBeInstanceOf(z.core.$ZodError);
    expect(cause.issues.length).toBeGreaterThan(0);
    for (const shown of [
      inspect(error, { showHidden: true, getters: true, depth: 20 }),
      String(cause.message),
      String(cause.stack),
      JSON.stringify(cause),
      JSON.stringify(error.body),
      JSON.stringify(error.issues),
      error.message,
    ])
      expect(shown).not.toContain(token);
  });
});
