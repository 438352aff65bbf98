/**
 * What the service's answer to a call carried besides its body. Redacted as the call's errors and
 * hooks are: secret-named headers (`set-cookie`, `authorization`, …) read `[REDACTED]`, and the
 * token, the agent key or a password the call sent is replaced by `[REDACTED]` wherever a server
 * echoes it in another header (the request id too).
 */
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
