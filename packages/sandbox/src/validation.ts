import type { z } from 'zod';

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** Where an issue is, written as the SDK writes field paths: `credentialOffer[1].emailId`. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`))
    .join('');
}

/** One NestJS-like sentence per issue, naming the field: `issuerId is required`. */
function describe(issue: z.core.$ZodIssue, root: string): string[] {
  const where = fieldPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `property ${where ? `${where}.` : ''}${key} should not exist`);
  }
  const field = where || root;
  if (issue.code === 'invalid_type') {
    return [
      issue.input === undefined ? `${field} is required` : `${field} must be ${article(issue.expected)}`,
    ];
  }
  return [`${field} ${issue.message}`];
}

/** One entry of the real agent's (tsoa) 422 `details`: `body.issuerId`, or the parent of excess fields. */
function detail(issue: z.core.$ZodIssue, root: string): [string, { message: string }] {
  const where = fieldPath(issue.path);
  const key = where ? `${root}.${where}` : root;
  if (issue.code === 'unrecognized_keys') {
    return [key, { message: `"${issue.keys.join(',')}" is an excess property and therefore is not allowed` }];
  }
  if (issue.code === 'invalid_type') {
    const name = String(issue.path.at(-1) ?? root);
    return [
      key,
      { message: issue.input === undefined ? `'${name}' is required` : `invalid ${issue.expected} value` },
    ];
  }
  return [key, { message: issue.message }];
}

/** The 422 `details` of the real agent, one entry per field. */
export type ValidationDetails = Record<string, { message: string }>;

/** The outcome of checking a value against a request schema, in the words of both services. */
export type Checked<T> =
  | { ok: true; data: T }
  | { ok: false; messages: string[]; details: ValidationDetails };

/**
 * Checks a request body or query with the SDK's schema. Messages name fields, never values, so
 * secrets sent in a body (passwords, seeds) cannot leak into them.
 */
export function check<S extends z.ZodType>(schema: S, value: unknown, root: string): Checked<z.output<S>> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  const { issues } = result.error;
  return {
    ok: false,
    messages: issues.flatMap((issue) => describe(issue, root)),
    details: Object.fromEntries(issues.map((issue) => detail(issue, root))),
  };
}
