/** What the service's answer to a call carried besides its body. */
export interface ResponseInfo {
  /** The HTTP status. */
  status: number;
  /** The response headers. */
  headers: Headers;
  /** The request id the service sent (`x-request-id`, `request-id` or `x-correlation-id`), if any. */
  requestId: string | undefined;
}

/** The parsed data of a call together with its {@link ResponseInfo}. */
export interface WithResponse<T> {
  data: T;
  response: ResponseInfo;
}

const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-correlation-id'] as const;

/** The request id among the headers, if the service sent one. */
export function requestIdOf(headers: Headers | undefined): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers?.get(name);
    if (value) return value;
  }
  return undefined;
}

// The answer each parsed result came from; results are the SDK's own fresh objects, so a weak map
// keeps them as they are (nothing added to the data, nothing kept alive).
const answers = new WeakMap<object, ResponseInfo>();

/** Remembers the answer a parsed result came from (objects and arrays only). */
export function rememberResponse(data: unknown, status: number, headers: Headers): void {
  if (data !== null && typeof data === 'object') {
    answers.set(data, { status, headers, requestId: requestIdOf(headers) });
  }
}

/**
 * Waits for an SDK call and gives its parsed data together with the answer's status, headers and
 * request id, as `.withResponse()` does in openai-node. Works with every method that returns the
 * service's answer (an object or a list).
 * @throws whatever the call throws; a `TypeError` for a promise that is not an SDK call's.
 * @example
 * const { data, response } = await withResponse(agent.credentials.list());
 * const { status, requestId } = response; // e.g. 200 and the id to quote to the service's operators
 */
export async function withResponse<T>(call: Promise<T>): Promise<WithResponse<T>> {
  const data = await call;
  const response = data !== null && typeof data === 'object' ? answers.get(data) : undefined;
  if (!response) throw new TypeError('withResponse: the promise is not the answer of an SDK call');
  return { data, response };
}
