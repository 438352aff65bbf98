import { redactHeaders } from './redact.js';
import { type ResponseInfo, requestIdOf, type WithResponse } from './response-info.js';

/**
 * What every SDK call returns: a `Promise` of the parsed data, awaited as any promise, that also
 * gives the response the data came from with `.withResponse()` (openai-node's `APIPromise`). The
 * call starts at once and is sent once, however often the promise is awaited or asked.
 * @example
 * const records = await agent.credentials.list();
 * const { data, response } = await agent.credentials.list().withResponse();
 * const { status, requestId } = response; // e.g. 200 and the id to quote to the operators
 */
export class APIPromise<T> extends Promise<T> {
  readonly #answer: Promise<WithResponse<T>>;

  /** @internal */
  constructor(answer: Promise<WithResponse<T>>) {
    // The base promise is settled and never read: `then` reads the answer, so a failed call
    // rejects only the promises the caller asked for (no unhandled rejection of the base).
    super((resolve) => resolve(undefined as T));
    this.#answer = answer;
  }

  // `catch` and `finally` call `then`; the promises they and `then` make are plain ones.
  static override readonly [Symbol.species] = Promise;

  /**
   * The parsed data together with the status, headers and request id of the answer it came from.
   * @throws whatever awaiting the call throws.
   */
  withResponse(): Promise<WithResponse<T>> {
    return this.#answer;
  }

  // biome-ignore lint/suspicious/noThenProperty: it is a promise; its `then` reads the call's answer.
  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#answer.then((answer) => answer.data).then(onfulfilled, onrejected);
  }

  /**
   * How Node's `util.inspect` (and so Node's logging of a value) shows the call: its answer, pending, given or
   * refused (the base promise, never read, would show `undefined`), within the depth left.
   * @internal
   */
  [Symbol.for('nodejs.util.inspect.custom')](
    depth: number,
    options: object,
    inspect: (value: unknown, options: object) => string,
  ): string {
    if (depth < 0) return '[APIPromise]';
    return `API${inspect(this.#answer, { ...options, depth })}`;
  }
}

/** The promise of a call: `run` (an async function) gives the data with the response it came from. */
export const apiCall = <T>(run: () => Promise<WithResponse<T>>): APIPromise<T> => new APIPromise(run());

/**
 * `data` with the {@link ResponseInfo} of the answer `raw` it came from, its headers redacted as an
 * error's are: secret-named headers, and the call's secrets (the token) wherever a server echoes them.
 * The response is built when first read: a call only awaited (most are) never copies its headers.
 */
export const answered = <T>(
  data: T,
  raw: { status: number; headers: Headers; secrets: readonly (string | undefined)[] },
): WithResponse<T> => {
  // Only what the response is built from is kept, never `raw`: it holds the parsed body. A getter
  // made for one object sits in an accessor pair, which V8 allocates in the old generation; on
  // Node 20 and 22 what the getter held outlived the call through every young collection, to the
  // next full one: `credentials.list()` spent a fifth of its time copying old bodies. Measured and
  // tested in test/unit/answer-retention.test.ts and docs/performance.md.
  const { status, headers: received, secrets } = raw;
  let response: ResponseInfo | undefined;
  return {
    data,
    get response() {
      if (!response) {
        const headers = new Headers(redactHeaders(received, secrets));
        response = { status, headers, requestId: requestIdOf(headers) };
      }
      return response;
    },
  };
};

/**
 * An {@link APIPromise} already resolved with `data`, for typed fakes of SDK methods in tests (a
 * plain promise is not one: it has no `.withResponse()`). `.withResponse()` gives `data` with
 * `response` (default: status 200, no headers, no request id).
 * @example
 * const credentials: Pick<Credentials, 'list'> = { list: () => callResolvingTo([record]) };
 */
export function callResolvingTo<T>(
  data: T,
  response?: Partial<Omit<ResponseInfo, 'requestId'>>,
): APIPromise<T> {
  const headers = response?.headers ?? new Headers();
  const info = { status: response?.status ?? 200, headers, requestId: requestIdOf(headers) };
  return new APIPromise(Promise.resolve({ data, response: info }));
}

/**
 * Waits for an SDK call and gives its parsed data together with the answer's status, headers and
 * request id: the same as the call's own `.withResponse()`. Any promise with a `withResponse()`
 * method is taken, so a call of the SDK's other build (CommonJS or ESM) or of another copy works too.
 * @throws whatever the call throws; a `TypeError` for a promise that is not an SDK call's.
 * @example
 * const { data, response } = await withResponse(agent.credentials.list());
 * const { status, requestId } = response; // e.g. 200 and the id to quote to the service's operators
 */
export function withResponse<T>(
  call: PromiseLike<T> & { withResponse(): PromiseLike<WithResponse<T>> },
): Promise<WithResponse<T>> {
  const ask = (call as Partial<typeof call> | null)?.withResponse;
  return typeof ask === 'function'
    ? Promise.resolve(ask.call(call))
    : Promise.reject(new TypeError('withResponse: the promise is not the answer of an SDK call'));
}
