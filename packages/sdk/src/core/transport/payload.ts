import { invalidField } from '../errors.js';

/**
 * The JSON text of a request body, made before anything is sent; `undefined` for no body.
 * @throws {@link RequestValidationError} naming `body` when JSON cannot carry it (a BigInt, a
 * cycle, a `toJSON` that throws, a function or symbol; its `cause` says which), instead of fetch
 * failing half-way.
 */
export function jsonPayload(body: unknown): string | undefined {
  let cause: unknown;
  try {
    const text = JSON.stringify(body);
    if (text !== undefined || body === undefined) return text;
  } catch (error) {
    cause = error;
  }
  throw invalidField('body', 'cannot be sent as JSON', 'request', { cause });
}
