import type * as z from 'zod/mini';
import { invalidField } from '../errors.js';
import { isRecord } from '../validation/is-record.js';

/** The fields a request schema lists, when it is an object schema. */
function knownFields(schema: z.core.$ZodType | undefined): Set<string> {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return new Set(isRecord(shape) ? Object.keys(shape) : []);
}

/**
 * Adds the caller's `extraBody` fields to a validated body. Request schemas stay strict: a field
 * they list must come through the params (and be checked), so only fields they do not list are added.
 * @throws {@link RequestValidationError} for a listed field, or a call without an object body.
 */
export function withExtraBody(
  body: unknown,
  extra: Readonly<Record<string, unknown>> | undefined,
  schema: z.core.$ZodType | undefined,
): unknown {
  if (extra === undefined) return body;
  if (!isRecord(extra) || !isRecord(body)) {
    throw invalidField('extraBody', 'applies only to calls that send a JSON object body');
  }
  const known = knownFields(schema);
  for (const key of Object.keys(extra)) {
    if (known.has(key) || key in body) {
      throw invalidField(`extraBody.${key}`, 'is a field of the request: give it in the params');
    }
  }
  return { ...body, ...extra };
}
