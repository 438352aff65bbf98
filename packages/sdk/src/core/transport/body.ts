import type { RequestTarget } from '../errors.js';
import { nodeBuiltin } from '../node-builtin.js';
import { ResponseTooLargeError } from '../protocol-errors.js';
import { BYTES_PER_CONTAINER, containerCounter } from './containers.js';
import type { Deadline } from './deadline.js';

/**
 * The default cap on the decoded bytes of one answer: 256 MiB. `GET /credentials` has no paging,
 * and a credential exchange record of a real agent is about 1.3 KB of JSON, so this fits some
 * 200,000 records, twice a service with 100,000.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

/**
 * The highest `maxResponseBytes`: the longest string V8 (Node) can hold, 2^29 − 24 characters
 * (512 MiB). A body is read into one string, and its decoded bytes are never fewer than its
 * characters, so a cap up to this keeps every answer it lets through readable.
 */
export const MAX_RESPONSE_BYTES_LIMIT = 2 ** 29 - 24;

function tooLarge(info: RequestTarget, limit: number, holds?: number): ResponseTooLargeError {
  const size = limit % (1024 * 1024) === 0 ? `${limit / (1024 * 1024)} MiB` : `${limit} bytes`;
  const what =
    holds === undefined
      ? `is larger than ${size} (maxResponseBytes)`
      : `holds more than ${holds} JSON objects and arrays (one per ${BYTES_PER_CONTAINER} bytes of maxResponseBytes)`;
  return new ResponseTooLargeError(
    `The answer to ${info.method} /${info.path} ${what}; it was not read to the end`,
    { ...info, limit },
  );
}

/** What the body's decoding takes from Node's `node:buffer`, where there is one. */
interface NodeBuffers {
  isAscii(bytes: Uint8Array): boolean;
  Buffer: {
    from(buffer: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'latin1'): string };
  };
}

/** Undefined until first needed; null where there is no `node:buffer` (a browser) or no `isAscii`. */
let nodeBuffers: NodeBuffers | null | undefined;

function buffers(): NodeBuffers | null {
  if (nodeBuffers === undefined) {
    // Looked up once: without it (a browser, a look-up that throws) the body decodes as a browser's does.
    const found = nodeBuiltin<NodeBuffers>('node:buffer');
    nodeBuffers =
      typeof found?.isAscii === 'function' && typeof found.Buffer?.from === 'function'
        ? (found as NodeBuffers)
        : null;
  }
  return nodeBuffers;
}

/**
 * `bytes` decoded as UTF-8. On Node, bytes that are all ASCII (what JSON mostly is) are read as
 * Latin-1, the same string: Node 20 and 22's `TextDecoder` takes about twice as long over them.
 * Anything else (a byte order mark, any non-ASCII byte) goes to `TextDecoder`, as before.
 */
function decode(bytes: Uint8Array): string {
  const node = buffers();
  if (node?.isAscii(bytes)) {
    return node.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The bytes of `chunks` decoded as UTF-8 in one pass, letting go of each chunk once copied. The
 * buffer they are copied into is zero-filled: a chunk that copies fewer bytes than it was counted
 * for leaves zeros, never old memory of the process.
 */
function decodeAll(chunks: (Uint8Array | undefined)[], total: number): string {
  if (chunks.length === 1) return decode(chunks[0] as Uint8Array);
  const all = new Uint8Array(total);
  let offset = 0;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i] as Uint8Array;
    all.set(chunk, offset);
    offset += chunk.byteLength;
    chunks[i] = undefined;
  }
  // A chunk whose buffer shrank since it was counted (a caller's stream reusing it) copied fewer
  // bytes: the body is not what was read.
  if (offset !== total) throw new TypeError('the body stream changed a chunk after handing it over');
  return decode(all);
}

/** The getters of every typed array, which read its internal slots (an own property cannot shadow them here). */
const typedArray = Object.getPrototypeOf(Uint8Array.prototype) as object;
const slot = (name: PropertyKey) =>
  Object.getOwnPropertyDescriptor(typedArray, name)?.get as (this: unknown) => unknown;
const [tagOf, bufferOf, offsetOf, lengthOf] = [Symbol.toStringTag, 'buffer', 'byteOffset', 'byteLength'].map(
  slot,
);

/**
 * A chunk of the body as a view of our own over the bytes it holds. What the Fetch standard's
 * streams give is a Uint8Array (`Response.text()` refuses anything else), but a caller's `fetch`
 * may give anything, of any realm, with its own `byteLength` or `Symbol.toStringTag`: only the
 * internal slots are read, and anything but a Uint8Array is refused.
 */
function bytesOf(value: unknown): Uint8Array {
  if (tagOf?.call(value) !== 'Uint8Array')
    throw new TypeError('the body stream gave a chunk that is not a Uint8Array');
  const buffer = bufferOf?.call(value) as ArrayBufferLike;
  return new Uint8Array(buffer, offsetOf?.call(value) as number, lengthOf?.call(value) as number);
}

/**
 * Reads the body as text, chunk by chunk, each read raced against the deadline, and stops as soon
 * as the decoded bytes pass `limit` (what `fetch` hands over is already gunzipped, so a gzip bomb
 * is counted as what it inflates to), or the JSON objects and arrays pass one per
 * {@link BYTES_PER_CONTAINER} bytes of it (what decoding costs grows with them, not with bytes).
 * The bytes are decoded once, at the end (as `Response.text()` does): decoding chunk by chunk and
 * joining the parts cost about twice as much. On any failure the stream is cancelled, which closes
 * the connection instead of leaving a server streaming into a socket nobody reads.
 * @throws {@link ResponseTooLargeError} past either limit; the deadline's reason when it fires first.
 */
export async function readText(
  response: Response,
  deadline: Deadline,
  limit: number,
  info: RequestTarget,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge(info, limit);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  const most = Math.floor(limit / BYTES_PER_CONTAINER);
  const count = containerCounter(most);
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) break;
      const chunk = bytesOf(value);
      total += chunk.byteLength;
      if (total > limit) throw tooLarge(info, limit);
      if (!count(chunk)) throw tooLarge(info, limit, most);
      chunks.push(chunk);
    }
  } catch (error) {
    void reader.cancel(error).catch(() => undefined);
    throw error;
  }
  return chunks.length ? decodeAll(chunks, total) : '';
}
