// Light `Headers`, `Request` and `Response` for the CLI's process (installed by bin.ts).
//
// Node's own are lazy globals: touching one loads undici, and with it http2, tls, crypto, zlib,
// perf_hooks and worker_threads, which costs about as much as Node's whole start-up. ky (the SDK's
// HTTP layer) builds a `Request` for every call and probes one when it loads, although the CLI
// sends with node:http (node-fetch.ts) and reads the answer as a stream. These classes do what
// that path needs, as the Fetch standard says (validation included: a header value `fetch`
// refuses is refused here too); bodies are strings, bytes, `URLSearchParams`, `Blob` or a
// `ReadableStream`. `FormData` is not: the CLI sends none, and a `FormData` body is refused by
// name. test/unit/light-fetch.test.ts holds them against Node's own classes.
import nodeStream from 'node:stream';

// Node's (since 16.8) for web streams too: read from or cancelled. Not in @types/node.
const { isDisturbed } = nodeStream as unknown as { isDisturbed: (stream: ReadableStream) => boolean };

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A value is trimmed of HTTP whitespace, then may hold no NUL, CR or LF, and only bytes (≤ 0xFF).
const TRIM = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const BAD_VALUE = /[\0\r\n\u0100-\uffff]/;

function headerName(name: unknown): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: invalid header name "${text}"`);
  return text.toLowerCase();
}

function headerValue(name: string, value: unknown): string {
  const text = String(value).replace(TRIM, '');
  if (BAD_VALUE.test(text)) throw new TypeError(`Headers: invalid value of header "${name}"`);
  return text;
}

type HeadersInput = Headers | Record<string, string> | Iterable<readonly [string, string]>;

export class LightHeaders {
  // Lower-case name → its values in the order appended.
  readonly #map = new Map<string, string[]>();

  constructor(init?: HeadersInput | null) {
    if (init === undefined || init === null) return;
    if (typeof init !== 'object') throw new TypeError('Headers: init must be an object');
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly [string, string]>) {
        if (pair.length !== 2) throw new TypeError('Headers: each pair must be [name, value]');
        this.append(pair[0], pair[1]);
      }
    } else {
      for (const [name, value] of Object.entries(init)) this.append(name, value);
    }
  }

  append(name: string, value: string): void {
    const key = headerName(name);
    const text = headerValue(key, value);
    const values = this.#map.get(key);
    if (values) values.push(text);
    else this.#map.set(key, [text]);
  }

  set(name: string, value: string): void {
    const key = headerName(name);
    this.#map.set(key, [headerValue(key, value)]);
  }

  get(name: string): string | null {
    return this.#map.get(headerName(name))?.join(', ') ?? null;
  }

  getSetCookie(): string[] {
    return [...(this.#map.get('set-cookie') ?? [])];
  }

  has(name: string): boolean {
    return this.#map.has(headerName(name));
  }

  delete(name: string): void {
    this.#map.delete(headerName(name));
  }

  forEach(callback: (value: string, name: string, headers: this) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  /** Sorted by name, values combined, `set-cookie` one by one: as Fetch iterates. */
  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#map.keys()].sort()) {
      const values = this.#map.get(name) ?? [];
      if (name === 'set-cookie') for (const value of values) yield [name, value];
      else yield [name, values.join(', ')];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}

/** A body as given: bytes known up front, or a stream. */
type Source = { bytes: Uint8Array } | { stream: ReadableStream<Uint8Array> };

/** The body's source and the content type it implies (Fetch's "extract a body"). */
function extract(body: unknown): { source: Source; type: string | undefined } {
  if (typeof body === 'string') {
    return { source: { bytes: Buffer.from(body) }, type: 'text/plain;charset=UTF-8' };
  }
  if (body instanceof URLSearchParams) {
    const type = 'application/x-www-form-urlencoded;charset=UTF-8';
    return { source: { bytes: Buffer.from(body.toString()) }, type };
  }
  if (body instanceof ArrayBuffer)
    return { source: { bytes: new Uint8Array(body.slice(0)) }, type: undefined };
  if (ArrayBuffer.isView(body)) {
    const copy = new Uint8Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength));
    return { source: { bytes: copy }, type: undefined };
  }
  if (body instanceof ReadableStream) return { source: { stream: body }, type: undefined };
  if (body instanceof Blob) return { source: { stream: body.stream() }, type: body.type || undefined };
  throw new TypeError(`agent-cli sends no ${Object.prototype.toString.call(body).slice(8, -1)} body`);
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** What `Request` and `Response` share: one body, readable once. */
class Body {
  #source: Source | undefined;
  #stream: ReadableStream<Uint8Array> | undefined;
  #used = false;

  protected setBody(source: Source | undefined): void {
    this.#source = source;
    this.#stream = source && 'stream' in source ? source.stream : undefined;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (!this.#source) return null;
    if (!this.#stream && 'bytes' in this.#source) this.#stream = streamOf(this.#source.bytes);
    return this.#stream ?? null;
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#stream !== undefined && isDisturbed(this.#stream));
  }

  /** The body for a copy (`clone()`): the same bytes, or one branch of the stream teed. */
  protected cloneSource(): Source | undefined {
    if (this.bodyUsed) throw new TypeError('Body has already been used');
    if (!this.#source) return undefined;
    if (!this.#stream && 'bytes' in this.#source) return this.#source;
    const [mine, theirs] = (this.body as ReadableStream<Uint8Array>).tee();
    this.#stream = mine;
    this.#source = { stream: mine };
    return { stream: theirs };
  }

  /** Takes the body over from another (a `Request` built from a `Request`): that one is used. */
  protected takeSource(other: Body): Source | undefined {
    if (other.bodyUsed) throw new TypeError('Body has already been used');
    const source = other.#stream ? { stream: other.#stream } : other.#source;
    other.#used = source !== undefined;
    return source;
  }

  async bytes(): Promise<Uint8Array> {
    if (this.bodyUsed) throw new TypeError('Body has already been used');
    if (!this.#source) return new Uint8Array(0);
    this.#used = true;
    if (!this.#stream && 'bytes' in this.#source) return new Uint8Array(this.#source.bytes);
    const reader = (this.#stream as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    return new Uint8Array(Buffer.concat(chunks));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer as ArrayBuffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async blob(): Promise<Blob> {
    const type = (this as unknown as { headers: LightHeaders }).headers.get('content-type') ?? '';
    return new Blob([(await this.bytes()) as Uint8Array<ArrayBuffer>], { type });
  }

  async formData(): Promise<never> {
    throw new TypeError('agent-cli reads no form data');
  }
}

const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const NORMALISED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

function methodOf(method: string): string {
  if (!TOKEN.test(method)) throw new TypeError(`Request: invalid method "${method}"`);
  const upper = method.toUpperCase();
  if (FORBIDDEN_METHODS.has(upper)) throw new TypeError(`Request: method ${method} is forbidden`);
  return NORMALISED_METHODS.has(upper) ? upper : method;
}

function urlOf(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch (cause) {
    throw new TypeError(`Failed to parse URL from ${String(input)}`, { cause });
  }
  if (url.username || url.password) {
    throw new TypeError(`Request cannot be constructed from a URL that includes credentials: ${url.href}`);
  }
  return url;
}

/** A signal that aborts when the given one does (a `Request` owns its own, as Fetch's does). */
function follow(signal: AbortSignal | null | undefined): AbortSignal {
  return signal ? AbortSignal.any([signal]) : new AbortController().signal;
}

type LightRequestInit = RequestInit & { duplex?: 'half' };

export class LightRequest extends Body {
  readonly url: string;
  readonly method: string;
  readonly headers: LightHeaders;
  readonly signal: AbortSignal;
  readonly redirect: RequestRedirect;
  readonly duplex = 'half';
  readonly credentials: RequestCredentials;
  readonly cache: RequestCache = 'default';
  readonly mode: RequestMode = 'cors';
  readonly keepalive: boolean;
  readonly integrity: string = '';
  readonly referrer: string = 'about:client';
  readonly referrerPolicy: ReferrerPolicy = '';
  readonly destination = '';

  constructor(input: string | URL | LightRequest, init: LightRequestInit = {}) {
    super();
    const from = input instanceof LightRequest ? input : undefined;
    this.url = from ? from.url : urlOf(input as string | URL).href;
    this.method = init.method === undefined ? (from?.method ?? 'GET') : methodOf(init.method);
    this.headers = new LightHeaders(
      (init.headers as HeadersInput | undefined) ?? (from?.headers as HeadersInput | undefined),
    );
    this.signal = follow(init.signal === undefined ? from?.signal : init.signal);
    this.redirect = init.redirect ?? from?.redirect ?? 'follow';
    this.credentials = init.credentials ?? from?.credentials ?? 'same-origin';
    this.keepalive = init.keepalive ?? from?.keepalive ?? false;
    const hasBody = init.body !== undefined && init.body !== null;
    if ((hasBody || from?.body) && (this.method === 'GET' || this.method === 'HEAD')) {
      throw new TypeError('Request with GET/HEAD method cannot have body.');
    }
    if (hasBody) {
      const { source, type } = extract(init.body);
      if ('stream' in source && init.duplex !== 'half') {
        throw new TypeError('RequestInit: duplex option is required when sending a body.');
      }
      if (type && !this.headers.has('content-type')) this.headers.set('content-type', type);
      this.setBody(source);
    } else if (from && init.body === undefined) {
      this.setBody(this.takeSource(from));
    } else if (init.duplex !== undefined && init.duplex !== 'half') {
      throw new TypeError('RequestInit: duplex must be "half"');
    }
  }

  clone(): LightRequest {
    const copy = new LightRequest(this.url, {
      method: this.method,
      headers: this.headers as unknown as Headers,
      signal: this.signal,
      redirect: this.redirect,
      credentials: this.credentials,
      keepalive: this.keepalive,
    });
    copy.setBody(this.cloneSource());
    return copy;
  }

  get [Symbol.toStringTag](): string {
    return 'Request';
  }
}

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

export class LightResponse extends Body {
  readonly status: number;
  readonly statusText: string;
  readonly headers: LightHeaders;
  readonly type: ResponseType = 'default';
  readonly url: string = '';
  readonly redirected: boolean = false;

  constructor(body?: unknown, init: ResponseInit = {}) {
    super();
    const status = init.status ?? 200;
    if (!Number.isInteger(status) || status < 200 || status > 599) {
      throw new RangeError(`init["status"] must be in the range of 200 to 599, inclusive.`);
    }
    const statusText = String(init.statusText ?? '');
    if (/[^\t\x20-\x7e\x80-\xff]/.test(statusText)) throw new TypeError('Invalid statusText');
    this.status = status;
    this.statusText = statusText;
    this.headers = new LightHeaders(init.headers as HeadersInput | undefined);
    if (body !== undefined && body !== null) {
      if (NULL_BODY_STATUS.has(status))
        throw new TypeError(`Response with status ${status} cannot have a body.`);
      const { source, type } = extract(body);
      if (type && !this.headers.has('content-type')) this.headers.set('content-type', type);
      this.setBody(source);
    }
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  clone(): LightResponse {
    const copy = new LightResponse(null, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers as unknown as Headers,
    });
    copy.setBody(this.cloneSource());
    // A status the constructor refuses, set as node-fetch.ts sets it, goes with the copy.
    if (copy.status !== this.status) Object.defineProperty(copy, 'status', { value: this.status });
    return copy;
  }

  static json(data: unknown, init: ResponseInit = {}): LightResponse {
    const headers = new LightHeaders(init.headers as HeadersInput | undefined);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new LightResponse(JSON.stringify(data), { ...init, headers: headers as unknown as Headers });
  }

  get [Symbol.toStringTag](): string {
    return 'Response';
  }
}

/** `FormData` exists (ky asks) but a CLI run never builds one. */
export class LightFormData {
  constructor() {
    throw new TypeError('agent-cli builds no FormData');
  }
}

/**
 * Replaces the process's `Headers`, `Request`, `Response` and `FormData` (Node's lazy getters,
 * never touched before) with the light ones. Only the CLI's own process calls this: bin.ts, before
 * anything loads the SDK.
 */
export function installLightFetch(target: typeof globalThis): void {
  const classes = {
    Headers: LightHeaders,
    Request: LightRequest,
    Response: LightResponse,
    FormData: LightFormData,
  };
  for (const [name, value] of Object.entries(classes)) {
    // Deleted first: from Node 22 these are lazy data properties, which redefining would load
    // (undici with them); deleting one does not.
    delete (target as unknown as Record<string, unknown>)[name];
    Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
  }
}
