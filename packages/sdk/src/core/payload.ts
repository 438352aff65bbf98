import { RequestValidationError } from './errors.js';

function refuse(message: string, cause?: unknown): RequestValidationError {
  return new RequestValidationError(`Invalid request: body ${message}`, [{ path: 'body', message }], {
    cause,
  });
}

/**
 * The JSON text of a request body, made before anything is sent; `undefined` for no body.
 * @throws {@link RequestValidationError} naming `body` when JSON cannot carry it (a BigInt, a
 * cycle, a `toJSON` that throws, a function or symbol), instead of fetch failing half-way.
 */
export function jsonPayload(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw refuse(`cannot be sent as JSON (${reason})`, error);
  }
  if (text === undefined) throw refuse('cannot be sent as JSON (it is a function or a symbol)');
  return text;
}
