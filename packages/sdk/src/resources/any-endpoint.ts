import type * as z from 'zod/mini';
import { invalidField, RequestValidationError } from '../core/errors.js';
import type { Call } from '../core/transport-types.js';

/**
 * A request to any route of the service, with the client's auth, timeouts, retries and errors. The
 * per-call options (`RequestOptions`) are `request()`'s second argument, not fields of this.
 */
export interface AnyRequest<S extends z.core.$ZodType | undefined = undefined> {
  /** `GET`, `POST`, `PUT`, … (any case). Only GET, HEAD and OPTIONS are retried after a failure. */
  method: string;
  /** Relative to the base URL, e.g. `/credentials/accept-offer`; may carry a `?query`. */
  path: string;
  /** Query values, added to any the path carries; `undefined` values are left out. */
  query?: Readonly<Record<string, string | number | boolean | undefined>> | undefined;
  /** Sent as JSON when given. */
  body?: unknown;
  /** A zod schema that validates and types the answer; without it the body comes back as `unknown`. */
  schema?: S | undefined;
  /** Send the token (or the agent's key). Default true. */
  auth?: boolean | undefined;
  /**
   * Which service of a split deployment (the client's `agent` option) answers: by default the
   * platform for `/auth/…` and `/orgs/…` (also under `/v1`), the agent for anything else.
   */
  target?: 'platform' | 'agent' | undefined;
}

/** A stand-in base URL with a path, to see where a relative path resolves to. */
const PROBE_BASE = new URL('http://base.invalid/base/');

/**
 * Checks a path so the call can only reach the client's own base URL: no scheme, no `//host`, no
 * `.` or `..` segment, no fragment. Returns it as the URL parser resolves it (encoded dot segments
 * that stay under the base taken out), without the leading slash, and its query.
 */
function splitPath(value: unknown): { path: string; query: Record<string, string> } {
  if (typeof value !== 'string' || value.trim() === '') throw invalidField('path', 'must not be empty');
  if (/^[a-z][a-z\d+.-]*:|^\/\/|#/i.test(value)) {
    throw invalidField('path', 'must be a path on the base URL, without scheme, host or fragment');
  }
  const [rawPath = '', rawQuery = ''] = value.replace(/^\//, '').split(/\?(.*)/s);
  if (rawPath.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw invalidField('path', 'must not contain . or .. segments');
  }
  // Decide on the URL as the parser resolves it: `%2e%2e` is `..` to it, `\\host` a host.
  const resolved = new URL(rawPath, PROBE_BASE);
  if (resolved.host !== PROBE_BASE.host || !resolved.pathname.startsWith(PROBE_BASE.pathname)) {
    throw invalidField('path', 'must stay under the base URL (no encoded . or .. segments leaving it)');
  }
  // The path as resolved is the one sent, reported in errors and routed (`orgs/…` is the platform's).
  const path = resolved.pathname.slice(PROBE_BASE.pathname.length);
  return { path, query: Object.fromEntries(new URLSearchParams(rawQuery)) };
}

/**
 * Whether `value` is a zod 4 schema as zod's own parse reads one: an object whose `_zod` holds the
 * `run` it calls and the `def` it reads. A look-alike (`{ _zod: 1 }`), a zod 3 schema and an object
 * that throws when read (a revoked Proxy) are not.
 */
function isZodSchema(value: unknown): boolean {
  try {
    if (typeof value !== 'object' || value === null) return false;
    const core: unknown = (value as { _zod?: unknown })._zod;
    if (typeof core !== 'object' || core === null) return false;
    const { run, def } = core as { run?: unknown; def?: unknown };
    return (
      typeof run === 'function' &&
      typeof def === 'object' &&
      def !== null &&
      typeof (def as { type?: unknown }).type === 'string'
    );
  } catch {
    return false;
  }
}

/** An {@link AnyRequest} read once: the transport call, and the schema its answer is validated with. */
export interface ReadRequest {
  call: Omit<Call<z.core.$ZodType>, 'response'>;
  schema: z.core.$ZodType | undefined;
}

/**
 * Reads each field of `request` once (a getter or Proxy is not asked twice, so what was checked is
 * what is sent and validated with); an object that throws when read is refused as unreadable.
 */
function fieldsOf(request: AnyRequest<z.core.$ZodType | undefined>) {
  const init = typeof request === 'object' && request !== null ? request : ({} as AnyRequest);
  try {
    const keys = Object.keys(init);
    const { method, path, query, body, auth, target, schema } = init;
    return { keys, method, path, query, body, auth, target, schema };
  } catch (error) {
    throw invalidField('request', 'could not be read', 'request', { cause: error });
  }
}

/** The query values of `query`, each as a string; a value that cannot be read or made one is refused. */
function queryOf(query: AnyRequest['query']): Record<string, string | undefined> {
  try {
    // Built with fromEntries (own data properties): a field named `__proto__` is sent, not dropped.
    return Object.fromEntries(
      Object.entries(query ?? {}).map(([key, v]) => [key, v === undefined ? undefined : String(v)]),
    );
  } catch (error) {
    throw invalidField('query', 'could not be read as strings', 'request', { cause: error });
  }
}

/** The transport call of an {@link AnyRequest} and its schema; its options go to the transport apart. */
export function readAnyRequest(request: AnyRequest<z.core.$ZodType | undefined>): ReadRequest {
  const { keys, method, path, query, body, auth, target, schema } = fieldsOf(request);
  // Anything else is refused, the options most of all: they are the second argument, as in every method.
  for (const key of keys) {
    if (!/^(method|path|query|body|schema|auth|target)$/.test(key)) {
      const message = 'is not a request field (options go in the second argument)';
      throw new RequestValidationError(`Invalid request: ${key} ${message}`, [
        { path: key, message, code: 'unrecognized_keys' },
      ]);
    }
  }
  if (schema !== undefined && !isZodSchema(schema))
    throw invalidField('schema', 'must be a zod 4 schema (from zod or zod/mini; a zod 3 schema is not one)');
  const verb = typeof method === 'string' ? method.toUpperCase() : '';
  if (!/^[!#$%&'*+.^_`|~\dA-Z-]+$/.test(verb))
    throw invalidField('method', 'must be an HTTP method such as GET');
  // The Fetch standard forbids these: fetch throws before sending, not "may have been processed".
  if (/^(CONNECT|TRACE|TRACK)$/.test(verb)) throw invalidField('method', `${verb} is not sent by fetch`);
  if (body !== undefined && /^(GET|HEAD)$/.test(verb)) throw invalidField('body', `cannot go with ${verb}`);
  const split = splitPath(path);
  const extra = queryOf(query);
  const call = {
    method: verb,
    path: split.path,
    query: { ...split.query, ...extra },
    target,
    body,
    auth: auth !== false,
  };
  return { call, schema };
}
