import { describe, expect, it } from 'vitest';
import { LightFormData, LightHeaders, LightRequest, LightResponse } from '../../src/http/light-fetch.js';

// Each case runs against Node's classes (undici, loaded in this test process) and the light ones,
// and must give the same answer or throw the same kind of error.
type Kit = { Headers: typeof Headers; Request: typeof Request; Response: typeof Response };
const NODE: Kit = { Headers, Request, Response };
const LIGHT = { Headers: LightHeaders, Request: LightRequest, Response: LightResponse } as unknown as Kit;

async function outcome(run: (kit: Kit) => unknown): Promise<[string, unknown][]> {
  const results: [string, unknown][] = [];
  for (const [name, kit] of [
    ['node', NODE],
    ['light', LIGHT],
  ] as const) {
    try {
      results.push([name, await run(kit)]);
    } catch (error) {
      results.push([name, `throws ${(error as Error).constructor.name}`]);
    }
  }
  return results;
}

async function expectSame(run: (kit: Kit) => unknown): Promise<void> {
  const [node, light] = await outcome(run);
  expect(light?.[1]).toEqual(node?.[1]);
}

const entries = (headers: Headers) => [...headers];

describe('the light Headers behave as Node’s', () => {
  it.each([
    ['record', { 'X-B': ' two\t', 'x-a': 'one' }],
    [
      'pairs, repeated names',
      [
        ['Set-Cookie', 'a=1'],
        ['set-cookie', 'b=2'],
        ['Accept', 'a'],
        ['accept', 'b'],
      ],
    ],
    ['a name outside the token characters', { 'x y': '1' }],
    ['an empty name', { '': '1' }],
    ['a value with CR LF', { 'x-a': 'one\r\nx-b: two' }],
    ['a value with NUL', { 'x-a': 'o\0ne' }],
    ['a value past Latin-1', { 'x-a': 'çé€' }],
    ['a Latin-1 value', { 'x-a': 'çé' }],
    ['a pair of three', [['a', 'b', 'c']]],
  ])('built from %s', async (_, init) => {
    await expectSame(({ Headers }) => {
      const headers = new Headers(init as HeadersInit);
      return {
        entries: entries(headers),
        setCookie: headers.getSetCookie(),
        accept: headers.get('ACCEPT'),
        copy: entries(new Headers(headers)),
      };
    });
  });

  it('set, delete, has, forEach and the iterators', async () => {
    await expectSame(({ Headers }) => {
      const headers = new Headers({ b: '1', a: '2' });
      headers.append('B', '3');
      headers.set('c', ' 4 ');
      headers.delete('A');
      const seen: string[] = [];
      headers.forEach((value, name) => {
        seen.push(`${name}=${value}`);
      });
      return [seen, [...headers.keys()], [...headers.values()], headers.has('a'), headers.has('C')];
    });
  });
});

describe('the light Request behaves as Node’s', () => {
  it.each([
    ['a POST with a string body', 'http://h.test/a?b=1', { method: 'post', body: '{"a":1}' }],
    [
      'a body with its own type',
      'http://h.test/',
      { method: 'PUT', body: 'x', headers: { 'content-type': 'a/b' } },
    ],
    ['a PATCH (not upper-cased)', 'http://h.test/', { method: 'patch', body: new Uint8Array([1, 2]) }],
    ['a form body', 'http://h.test/', { method: 'POST', body: new URLSearchParams({ a: 'b c' }) }],
    ['a GET with a body', 'http://h.test/', { body: 'x' }],
    ['a HEAD with a body', 'http://h.test/', { method: 'HEAD', body: 'x' }],
    ['a relative URL', '/a', {}],
    ['a URL with credentials', 'http://u:p@h.test/', {}],
    ['a forbidden method', 'http://h.test/', { method: 'TRACE' }],
    ['an invalid method', 'http://h.test/', { method: 'G T' }],
    ['a stream without duplex', 'http://h.test/', { method: 'POST', body: new ReadableStream() }],
    ['a manual redirect', 'http://h.test/', { redirect: 'manual' }],
  ])('%s', async (_, url, init) => {
    await expectSame(async ({ Request }) => {
      const request = new Request(url, init as RequestInit);
      const { method, redirect } = request;
      return {
        url: request.url,
        method,
        redirect,
        headers: entries(request.headers),
        body: await request.text(),
      };
    });
  });

  it('answers ky’s probe for request streams as Node does', async () => {
    await expectSame(({ Request }) => {
      let duplexRead = false;
      const init = {
        method: 'POST',
        body: new ReadableStream(),
        get duplex() {
          duplexRead = true;
          return 'half';
        },
      };
      return [
        new Request('https://empty.invalid', init as RequestInit).headers.has('content-type'),
        duplexRead,
      ];
    });
  });

  it('clone() gives the body twice; a Request built from one takes its body over', async () => {
    await expectSame(async ({ Request }) => {
      const request = new Request('http://h.test/', { method: 'POST', body: 'payload' });
      const copy = request.clone();
      const taken = new Request(request, { headers: { 'x-a': '1' } });
      return [await copy.text(), request.bodyUsed, await taken.text(), taken.method, entries(taken.headers)];
    });
  });

  it('reading a body twice fails; a streamed body is used once read', async () => {
    await expectSame(async ({ Request }) => {
      const request = new Request('http://h.test/', { method: 'POST', body: 'x' });
      const first = await request.text();
      const streamed = new Request('http://h.test/', { method: 'POST', body: 'y' });
      await streamed.body?.getReader().read();
      return [first, request.bodyUsed, streamed.bodyUsed, await request.text()];
    });
  });

  it("the request's signal follows the caller's", async () => {
    await expectSame(({ Request }) => {
      const controller = new AbortController();
      const request = new Request('http://h.test/', { signal: controller.signal });
      const copy = request.clone();
      const before = [request.signal === controller.signal, request.signal.aborted];
      controller.abort(new Error('stop'));
      return [...before, request.signal.aborted, copy.signal.aborted];
    });
  });
});

describe('the light Response behaves as Node’s', () => {
  it.each([
    [
      'a stream',
      () => new Blob(['{"a":[1]}']).stream(),
      { status: 201, statusText: 'Created', headers: { a: 'b' } },
    ],
    ['a string', () => 'text', {}],
    ['no body', () => null, { status: 204 }],
    ['a body on a 204', () => 'x', { status: 204 }],
    ['a status under 200', () => null, { status: 199 }],
    ['a status over 599', () => null, { status: 600 }],
    ['a status text with a newline', () => null, { statusText: 'a\nb' }],
  ])('built from %s', async (_, body, init) => {
    await expectSame(async ({ Response }) => {
      const response = new Response(body() as BodyInit, init);
      const copy = response.clone();
      const { status, statusText, ok, redirected, type, url } = response;
      const head = { status, statusText, ok, redirected, type, url, headers: entries(response.headers) };
      return { ...head, text: await response.text(), copy: await copy.text(), used: response.bodyUsed };
    });
  });

  it('json(), arrayBuffer() and a body read through its reader', async () => {
    await expectSame(async ({ Response }) => {
      const json = await new Response('{"a":1}').json();
      const bytes = new Uint8Array(await new Response(new Uint8Array([1, 2, 3])).arrayBuffer());
      const reader = new Response('abc').body?.getReader();
      const read = await reader?.read();
      return [json, [...bytes], new TextDecoder().decode(read?.value)];
    });
  });
});

it('FormData exists, for ky’s check, but a CLI run builds none', () => {
  expect(typeof LightFormData).toBe('function');
  expect(() => new LightFormData()).toThrow(TypeError);
  expect(() => new LightRequest('http://h.test/', { method: 'POST', body: new FormData() })).toThrow(
    /agent-cli sends no FormData body/,
  );
});
