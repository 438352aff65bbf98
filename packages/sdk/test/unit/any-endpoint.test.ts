import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import {
  AbortError,
  AgentClient,
  type AgentClientOptions,
  NotFoundError,
  type RequestEvent,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from '../../src/index.js';
import { rejectionOf } from '../support/client.js';
import { fakeFetch, inOrder, json, type Script } from '../support/fake-fetch.js';

const TOKEN = 'tok-any-endpoint-secret';

function client(script: Script, options: Partial<AgentClientOptions> = {}) {
  const faked = fakeFetch(script);
  const agent = new AgentClient({
    baseUrl: 'http://agent.test/api',
    fetch: faked.fetch,
    accessToken: TOKEN,
    retry: { baseDelay: 1 },
    ...options,
  });
  return { agent, requests: faked.requests };
}

describe('agent.request', () => {
  it('sends any method and path with the bearer token and JSON body, and returns the body as it came', async () => {
    const answer = { statusCode: 200, message: 'ok', data: { id: 'r-1', state: 'request-sent' } };
    const { agent, requests } = client(json(answer));
    const body = { credentialRecordId: 'r-1', autoAcceptCredential: 'always' };
    const result = await agent.request({ method: 'POST', path: '/credentials/accept-offer', body });
    expect(result).toEqual(answer);
    const [sent] = requests;
    expect([sent?.method, sent?.url]).toEqual(['POST', 'http://agent.test/api/credentials/accept-offer']);
    expect(sent?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(await sent?.json()).toEqual(body);
  });

  it('puts query values and the query of the path in the URL, percent-encoded', async () => {
    const { agent, requests } = client(json([]));
    await agent.request({ method: 'get', path: 'credentials?state=done', query: { threadId: 'a b&c' } });
    expect(requests[0]?.url).toBe('http://agent.test/api/credentials?state=done&threadId=a+b%26c');
  });

  it('validates the answer with a zod schema when one is given', async () => {
    const { agent } = client(json({ id: 'r-1', extra: true }));
    const schema = z.looseObject({ id: z.string() });
    const record = await agent.request({ method: 'GET', path: 'credentials/r-1', schema });
    expect(record.id).toBe('r-1');
    const broken = client(json({ id: 7 }));
    const error = await rejectionOf(() => broken.agent.request({ method: 'GET', path: 'x', schema }));
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('refuses a schema that is not a zod 4 schema (a zod 3 one) before sending, naming `schema`', async () => {
    const { agent, requests } = client(json({ id: 'r-1' }));
    const schema = z3.z.object({ id: z3.z.string() }) as unknown as z.ZodType;
    const error = await rejectionOf(() => agent.request({ method: 'GET', path: 'x', schema }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      expect.objectContaining({ path: 'schema', message: expect.stringMatching(/^must be a zod 4 schema/) }),
    ]);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['an object that only claims to be one', { _zod: 1 }],
    ['an object whose _zod has no run', { _zod: { def: {} } }],
  ])('refuses as schema %s before sending, naming `schema`', async (_, given) => {
    for (const call of ['request', 'requestRaw'] as const) {
      const { agent, requests } = client(json({ id: 'r-1' }));
      const schema = given as unknown as z.ZodType;
      const error = await rejectionOf(() => agent[call]({ method: 'GET', path: 'x', schema }));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toBe('schema');
      expect(requests).toHaveLength(0);
    }
  });

  it('refuses a revoked Proxy as schema or as the request itself, with nothing sent', async () => {
    const { agent, requests } = client(json({ id: 'r-1' }));
    const revoked = () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    const asSchema = await rejectionOf(() =>
      agent.request({ method: 'GET', path: 'x', schema: revoked() as unknown as z.ZodType }),
    );
    expect(asSchema).toBeInstanceOf(RequestValidationError);
    expect((asSchema as RequestValidationError).issues[0]?.path).toBe('schema');
    const asRequest = await rejectionOf(() => agent.request(revoked() as never));
    expect(asRequest).toBeInstanceOf(RequestValidationError);
    expect(requests).toHaveLength(0);
  });

  describe('a schema with async refinements', () => {
    const counted = (check: (id: string) => Promise<boolean>) => {
      const runs = { count: 0 };
      const schema = z.object({ id: z.string() }).refine(async (value) => {
        runs.count++;
        return check(value.id);
      }, 'must start with r-');
      return { schema, runs };
    };

    it('validates with it, running it once', async () => {
      const { schema, runs } = counted(async (id) => id.startsWith('r-'));
      const ok = client(json({ id: 'r-1' }));
      await expect(ok.agent.request({ method: 'GET', path: 'x', schema })).resolves.toEqual({ id: 'r-1' });
      expect(runs.count).toBe(1);
      const bad = client(json({ id: 'q-1' }));
      const error = await rejectionOf(() => bad.agent.request({ method: 'GET', path: 'x', schema }));
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]?.message).toBe('must start with r-');
      const list = client(json([{ id: 'r-1' }, { id: 'q-2' }]));
      const listed = await rejectionOf(() =>
        list.agent.request({ method: 'GET', path: 'x', schema: z.array(schema) }),
      );
      expect((listed as ResponseValidationError).issues[0]?.path).toBe('[1]');
    });

    it('turns what it throws into a ResponseValidationError, its cause scrubbed, nothing left unhandled', async () => {
      const { schema, runs } = counted(async () => {
        throw new Error(`lookup failed for ${TOKEN}`);
      });
      const { agent } = client(json({ id: 'r-1' }));
      const error = await rejectionOf(() => agent.request({ method: 'GET', path: 'x', schema }));
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(runs.count).toBe(1);
      const cause = (error as ResponseValidationError).cause as Error;
      expect(cause.message).toMatch(/^lookup failed for /);
      expect(JSON.stringify({ ...cause, message: cause.message, stack: cause.stack })).not.toContain(TOKEN);
    });

    it('must settle before the timeout and the signal', async () => {
      const { schema } = counted(() => new Promise<boolean>(() => undefined));
      const late = client(json({ id: 'r-1' }));
      const timedOut = await rejectionOf(() =>
        late.agent.request({ method: 'GET', path: 'x', schema }, { timeout: 100 }),
      );
      expect(timedOut).toBeInstanceOf(TimeoutError);
      const stopped = client(json({ id: 'r-1' }));
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('stop')), 50);
      const aborted = await rejectionOf(() =>
        stopped.agent.request({ method: 'GET', path: 'x', schema }, { signal: controller.signal }),
      );
      expect(aborted).toBeInstanceOf(AbortError);
    });

    it('works with a schema made by another copy of zod (its CommonJS build)', async () => {
      const other = createRequire(import.meta.url)('zod') as typeof z;
      const schema = other.object({ id: other.string() }).refine(async (value) => value.id.startsWith('r-'));
      const { agent } = client(json({ id: 'r-1' }));
      await expect(agent.request({ method: 'GET', path: 'x', schema })).resolves.toEqual({ id: 'r-1' });
      const bad = client(json({ id: 'q-1' }));
      await expect(bad.agent.request({ method: 'GET', path: 'x', schema })).rejects.toBeInstanceOf(
        ResponseValidationError,
      );
    });
  });

  describe("what a caller's schema throws or makes up", () => {
    const failing = async (schema: z.ZodType, options?: { timeout?: number }) => {
      const { agent } = client(json({ id: 'r-1', echo: TOKEN }));
      const error = await rejectionOf(() => agent.request({ method: 'GET', path: 'x', schema }, options));
      expect(inspect(error, { depth: 8 })).not.toContain(TOKEN);
      return error;
    };
    const throwing = (thrown: () => unknown) =>
      z.object({ id: z.string() }).check(
        z.refine(() => {
          throw thrown();
        }),
      );

    it.each([
      [
        'a Proxy whose every trap throws',
        () =>
          new Proxy(
            {},
            {
              getPrototypeOf: () => {
                throw TOKEN;
              },
              get: () => {
                throw TOKEN;
              },
              ownKeys: () => {
                throw TOKEN;
              },
            },
          ),
      ],
      [
        'an object posing as the SDK’s error',
        () => new Proxy({ leak: TOKEN }, { getPrototypeOf: () => ResponseValidationError.prototype }),
      ],
      ['a string', () => `failed for ${TOKEN}`],
      ['a Symbol', () => Symbol(TOKEN)],
    ])('makes %s a ResponseValidationError without the token', async (_, thrown) => {
      expect(await failing(throwing(thrown))).toBeInstanceOf(ResponseValidationError);
    });

    it('makes issues it made up, and a shape whose getter throws, a ResponseValidationError', async () => {
      const madeUp = z.any().check(
        z.check((ctx) => {
          ctx.issues.push({ code: 'custom', message: 'odd', path: 5 as never, input: ctx.value });
        }),
      );
      expect(await failing(madeUp)).toBeInstanceOf(ResponseValidationError);
      const shape = z.looseObject({
        get id(): z.ZodString {
          throw new Error(`not yet ${TOKEN}`);
        },
      });
      expect(await failing(shape)).toBeInstanceOf(ResponseValidationError);
    });

    it('is a timeout when its sync checks outlast the timeout', async () => {
      const spin = z.object({ id: z.string() }).refine(() => {
        const until = Date.now() + 150;
        while (Date.now() < until);
        return true;
      });
      expect(await failing(spin, { timeout: 100 })).toBeInstanceOf(TimeoutError);
    });
  });

  it('reads each request field once: what was checked is what is validated with', async () => {
    let reads = 0;
    const request = {
      method: 'GET',
      path: 'x',
      get schema() {
        reads++;
        return (reads === 1 ? z.object({ id: z.string() }) : { _zod: 1 }) as unknown as z.ZodType;
      },
    };
    const { agent, requests } = client(json({ id: 'r-1' }));
    await expect(agent.request(request)).resolves.toEqual({ id: 'r-1' });
    expect(reads).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('refuses a request whose fields throw when read, with nothing sent', async () => {
    const hostile = new Proxy(
      { method: 'GET', path: 'x' },
      {
        get() {
          throw new Error('no reading');
        },
      },
    );
    for (const call of ['request', 'requestRaw'] as const) {
      const { agent, requests } = client(json({ id: 'r-1' }));
      const error = await rejectionOf(() => agent[call](hostile));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(requests).toHaveLength(0);
    }
    const { agent, requests } = client(json({ id: 'r-1' }));
    const query = {
      get q(): string {
        throw new Error('no reading');
      },
    };
    const error = await rejectionOf(() => agent.request({ method: 'GET', path: 'x', query }));
    expect((error as RequestValidationError).issues[0]?.path).toBe('query');
    expect(requests).toHaveLength(0);
  });

  it('gives a typed error for a hand-made schema that zod cannot run', async () => {
    const schema = { _zod: { run() {}, def: { type: 'object' } } } as unknown as z.ZodType;
    const { agent } = client(json({ id: 'r-1' }));
    const error = await rejectionOf(() => agent.request({ method: 'GET', path: 'x', schema }));
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('returns status and headers with requestRaw', async () => {
    const { agent } = client(json({ ok: 1 }, 201, { 'x-request-id': 'req-9' }));
    const raw = await agent.requestRaw({ method: 'POST', path: 'x', body: {} });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('x-request-id')).toBe('req-9');
    expect(raw.body).toEqual({ ok: 1 });
  });

  it('maps errors to the SDK classes, retries a GET and never a POST', async () => {
    const get = client(inOrder(json({ message: 'busy' }, 503), json({ message: 'nope' }, 404)));
    const error = await rejectionOf(() => get.agent.request({ method: 'GET', path: 'oob/1' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('nope');
    expect(get.requests).toHaveLength(2);
    const post = client(json({ message: 'CredoError: wrong state' }, 500));
    const failed = await rejectionOf(() => post.agent.request({ method: 'POST', path: 'x', body: {} }));
    expect(failed).toBeInstanceOf(ServerError);
    expect(post.requests).toHaveLength(1);
  });

  it('sends no token with auth: false and hooks see the token redacted otherwise', async () => {
    const events: RequestEvent[] = [];
    const { agent, requests } = client(json({}), { hooks: { onRequest: (e) => events.push(e) } });
    await agent.request({ method: 'GET', path: 'public', auth: false });
    await agent.request({ method: 'GET', path: 'private' });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(JSON.stringify(events)).not.toContain(TOKEN);
  });

  it.each(['https://evil.test/steal', '//evil.test/steal', 'a/../../b', ''])(
    'refuses the path %j before sending anything',
    async (path) => {
      const { agent, requests } = client(json({}));
      const error = await rejectionOf(() => agent.request({ method: 'GET', path }));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toBe('path');
      expect(requests).toHaveLength(0);
    },
  );

  it('refuses a method that is not an HTTP token', async () => {
    const { agent } = client(json({}));
    const error = await rejectionOf(() => agent.request({ method: 'GE T', path: 'x' }));
    expect((error as RequestValidationError).issues[0]?.path).toBe('method');
  });
});
