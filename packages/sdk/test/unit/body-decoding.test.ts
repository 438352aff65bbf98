/**
 * The body is read chunk by chunk (capped, under the attempt's deadline) and decoded as UTF-8. How
 * the bytes are split into chunks never changes what the caller gets: a character split across
 * chunks, a byte-order mark and bytes that are not UTF-8 read as one decode of the whole body would.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { AgentClient, AgentError } from '../../src/index.js';
import { rejectionOf } from '../support/client.js';
import { withoutBuiltins } from '../support/no-builtins.js';

/** A `fetch` answering 200 with `bytes`, handed over `size` bytes a chunk. */
function chunkedFetch(bytes: Uint8Array, size: number): typeof fetch {
  return async () => {
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + size));
        offset += size;
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

const names = ['Zoë Ångström', 'Price €5', 'Smile 😀', '中文名'];
const records = names.map((name, i) => ({
  id: `r${i}`,
  credentialAttributes: [{ name: 'name', value: name }],
}));
const utf8 = new TextEncoder().encode(JSON.stringify(records));

const list = (bytes: Uint8Array, size: number) =>
  new AgentClient({
    baseUrl: 'http://agent.test',
    accessToken: 't',
    fetch: chunkedFetch(bytes, size),
  }).credentials.list();

describe('the body is decoded as UTF-8 whatever its chunks', () => {
  it.each([1, 2, 3, 5, 7, utf8.length])('%i bytes a chunk: every character as sent', async (size) => {
    const got = await list(utf8, size);
    expect(got.map((r) => r.credentialAttributes?.[0]?.value)).toEqual(names);
  });

  it('a byte-order mark split over two chunks is dropped', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    const got = await list(withBom, 2);
    expect(got.map((r) => r.id)).toEqual(['r0', 'r1', 'r2', 'r3']);
  });

  it('bytes that are not UTF-8 read as U+FFFD, in whichever chunk they end', async () => {
    const text = '[{"id":"a","credentialAttributes":[{"name":"n","value":"x__y"}]}]';
    const bytes = new TextEncoder().encode(text);
    // "__" becomes a lone continuation byte and a truncated 3-byte sequence.
    const at = text.indexOf('__');
    bytes.set([0x80, 0xe2], at);
    for (const size of [1, at + 1, bytes.length]) {
      const [record] = await list(bytes, size);
      expect(record?.credentialAttributes?.[0]?.value).toBe('x\uFFFD\uFFFDy');
    }
  });
});

describe('an ASCII body (what JSON mostly is)', () => {
  // Every byte below 0x80 that a JSON string may hold as it is, DEL included.
  const ascii = Array.from({ length: 0x60 }, (_, i) => String.fromCharCode(0x20 + i))
    .join('')
    .replace(/["\\]/g, '');
  const asciiRecords = [{ id: 'a', credentialAttributes: [{ name: 'all', value: ascii }] }];
  const bytes = new TextEncoder().encode(JSON.stringify(asciiRecords));

  it.each([1, 3, bytes.length])('%i bytes a chunk: reads as TextDecoder would', async (size) => {
    const [record] = await list(bytes, size);
    expect(record?.credentialAttributes?.[0]?.value).toBe(ascii);
  });

  it('is not given to TextDecoder on Node (Latin-1 is the same string, and faster on Node 20 and 22)', async () => {
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      await list(bytes, 7);
      await list(bytes, bytes.length);
      expect(decode).not.toHaveBeenCalled();
      // One byte above 0x7f and the whole body is TextDecoder's again.
      await list(utf8, 5);
      expect(decode).toHaveBeenCalledTimes(1);
    } finally {
      decode.mockRestore();
    }
  });
});

/** A resizable ArrayBuffer (ES2024; Node 20 has it, the project's `lib` is older). */
type ResizableBuffer = ArrayBuffer & { resize(length: number): void };
const Resizable = ArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => ResizableBuffer;

describe('chunks a caller’s fetch may hand over', () => {
  /** A `fetch` whose body stream gives `chunks` as they are. */
  const fetchOf =
    (chunks: () => unknown[]): typeof fetch =>
    async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (const chunk of chunks()) controller.enqueue(chunk);
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
  const raw = (chunks: () => unknown[]) =>
    new AgentClient({
      baseUrl: 'http://agent.test',
      accessToken: 't',
      fetch: fetchOf(chunks),
      retry: false,
    }).requestRaw({ method: 'GET', path: 'x' });
  const body = new TextEncoder().encode(JSON.stringify({ name: 'x'.repeat(20_000) }));
  const halves = () => [body.subarray(0, 10_000), body.subarray(10_000)];

  it.each([
    ['an ArrayBuffer', () => halves().map((c) => c.slice().buffer)],
    ['a DataView', () => halves().map((c) => new DataView(c.slice().buffer))],
    ['a Uint16Array', () => [new Uint16Array(body.slice(0, 10_000).buffer), body.subarray(10_000)]],
    ['a string', () => [JSON.stringify({ name: 'x' })]],
  ])('refuses %s as a chunk (as Response.text() does), returning nothing', async (_, chunks) => {
    const error = await rejectionOf(() => raw(chunks));
    expect(error).toBeInstanceOf(AgentError);
  });

  it('reads a chunk by what it holds, not by the byteOffset, byteLength or tag it claims', async () => {
    // A pooled Buffer claiming the whole pool: the pool's other bytes (old traffic, tokens) must not be read.
    const pooled = Buffer.from('"hi"');
    Object.defineProperty(pooled, 'byteOffset', { value: 0 });
    Object.defineProperty(pooled, 'byteLength', { value: pooled.buffer.byteLength });
    expect((await raw(() => [pooled])).body).toBe('hi');
    const posing = new Float64Array([1, 2]);
    Object.defineProperty(posing, Symbol.toStringTag, { value: 'Uint8Array' });
    expect(await rejectionOf(() => raw(() => [new TextEncoder().encode('"a'), posing]))).toBeInstanceOf(
      AgentError,
    );
  });

  it('takes a Uint8Array of another realm', async () => {
    const foreign = runInNewContext('(bytes) => Uint8Array.from(bytes)') as (b: Uint8Array) => Uint8Array;
    const got = await raw(() => halves().map(foreign));
    expect(got.body).toEqual({ name: 'x'.repeat(20_000) });
  });

  it.each([
    ['a view that follows its buffer', (buffer: ArrayBuffer) => new Uint8Array(buffer)],
    ['a view of a fixed length', (buffer: ArrayBuffer) => new Uint8Array(buffer, 0, 10_000)],
  ])('refuses a chunk whose buffer shrank after it was handed over (%s)', async (_, view) => {
    const shrinking: typeof fetch = async () => {
      const buffer = new Resizable(10_000, { maxByteLength: 10_000 });
      const first = view(buffer);
      first.set(body.subarray(0, 10_000));
      let pulls = 0;
      const stream = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulls++;
            if (pulls === 1) controller.enqueue(first);
            else if (pulls === 2) {
              // The SDK has counted the first chunk: its buffer shrinks before the body is put together.
              buffer.resize(10);
              controller.enqueue(body.subarray(10_000));
            } else controller.close();
          },
          // Pulled when read, not ahead: the first chunk is counted before the second pull.
        },
        { highWaterMark: 0 },
      );
      return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = new AgentClient({
      baseUrl: 'http://agent.test',
      accessToken: 't',
      fetch: shrinking,
      retry: false,
    });
    const error = await rejectionOf(() => client.requestRaw({ method: 'GET', path: 'x' }));
    expect(error).toBeInstanceOf(AgentError);
  });
});

describe('a runtime whose node:buffer cannot be had', () => {
  it('decodes with TextDecoder when process.getBuiltinModule throws, and asks it once', () =>
    withoutBuiltins(async (look) => {
      const fresh = (await import('../../src/index.js')) as typeof import('../../src/index.js');
      const client = new fresh.AgentClient({
        baseUrl: 'http://agent.test',
        accessToken: 't',
        fetch: chunkedFetch(utf8, 7),
      });
      const got = await client.credentials.list();
      expect(got.map((r) => r.credentialAttributes?.[0]?.value)).toEqual(names);
      await client.credentials.list();
      expect(look.mock.calls.filter(([id]) => id === 'node:buffer')).toHaveLength(1);
    }));
});
