import { invalidField } from '../errors.js';
import type { RequestOptions } from '../transport-types.js';

/** The per-call options the transport takes; a method's own (`credentialType`, …) are taken out first. */
const KNOWN = /^(signal|timeout|retry|headers|extraBody)$/;

const refuse = (path: string, message: string) => invalidField(path, message, 'options');

/**
 * A call's options as given by any caller (JavaScript too): `undefined` or `null` for none, else an
 * object of {@link RequestOptions} and the method's own `own` keys. Headers in any `HeadersInit`
 * form become a record. Nothing else is taken: an option can never change the call itself.
 * @throws {@link RequestValidationError} naming `options` or the option refused.
 */
export function callOptions(options: unknown, own?: RegExp): RequestOptions & Record<string, unknown> {
  // `null` is "none", as `undefined`: a JavaScript caller's way of leaving them out.
  if (options == null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw refuse('options', 'must be an object');
  }
  const out: Record<string, unknown> = { ...options };
  for (const key of Object.keys(out)) {
    if (!KNOWN.test(key) && !own?.test(key)) {
      throw refuse(`options.${key}`, 'is not an option: signal, timeout, retry, headers, extraBody');
    }
  }
  const { signal, headers } = out;
  if (signal != null && !(signal instanceof AbortSignal))
    throw refuse('options.signal', 'must be an AbortSignal');
  if (headers != null) {
    // Every `HeadersInit` form, checked pair by pair: never a header named "0" from an array.
    const pairs: unknown[] =
      headers instanceof Headers ? [...headers] : Array.isArray(headers) ? headers : Object.entries(headers);
    const valid = (pair: unknown) =>
      Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string');
    try {
      if (typeof headers !== 'object' || !pairs.every(valid)) throw 0;
      out['headers'] = Object.fromEntries(new Headers(pairs as [string, string][]));
    } catch {
      throw refuse('options.headers', 'must be a record of strings, [name, value] pairs or a Headers');
    }
  }
  return out;
}
