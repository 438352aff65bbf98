import { FETCH_REPORTS_IN_CALL } from '@credential-agent/sdk';

/** Signing in and exchanging an agent's key for a token: nothing the user would check or undo. */
const SIGN_INS = /^(auth\/signin|agent\/token|multi-tenancy\/get-token\/[^/]+)$/;

/** Methods that change nothing (RFC 9110's safe methods). */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * A path as the service's routes match it: each segment's encoding undone (an encoded `/` stays
 * one segment: no router splits on it), empty segments and a trailing slash dropped, in lower case
 * (Express, under the platform, ignores case and a trailing slash).
 */
function routeOf(path: string): string {
  const decoded = (segment: string) => {
    try {
      return decodeURIComponent(segment).replaceAll('/', '%2f');
    } catch {
      return segment; // not valid percent-encoding: matched as it is
    }
  };
  return path.split('/').filter(Boolean).map(decoded).join('/').toLowerCase();
}

/**
 * Whether a request may change something on the service: any method but the safe ones
 * ({@link SAFE}), except signing in ({@link SIGN_INS}). `path` is relative to the base URL (or the
 * agent's), with or without its leading slash.
 */
export function mayHaveActed(method: string, path: string): boolean {
  return !SAFE.has(method.toUpperCase()) && !SIGN_INS.test(routeOf(path));
}

/** A base URL as the URLs under it are written (`new URL` normalises them): origin and path, with one trailing slash. */
function prefixOf(base: string): string | undefined {
  try {
    const url = new URL(base);
    return `${url.origin}${url.pathname.replace(/\/*$/, '/')}`;
  } catch {
    return undefined;
  }
}

/**
 * `fetch` telling `carriedOut` of each request the service answered with a 2xx that may have
 * changed something (see {@link mayHaveActed}), as `POST /schemas`: the path relative to the
 * longest of `bases` it is under (the base URL, the agent's), its full path else, never its query.
 * It makes the same promise as the `fetch` it wraps ({@link FETCH_REPORTS_IN_CALL}): it calls it at
 * once.
 */
export function watchChanges(
  fetch: typeof globalThis.fetch,
  bases: readonly string[],
  carriedOut: (request: string) => void,
): typeof globalThis.fetch {
  const prefixes = bases
    .map(prefixOf)
    .filter((prefix) => prefix !== undefined)
    .sort((a, b) => b.length - a.length);
  // A bulk run sends the same request thousands of times: each is named once, and looked at once.
  const seen = new Set<string>();
  const watched = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const method = (input instanceof Request ? input.method : init?.method)?.toUpperCase() ?? 'GET';
    const href = input instanceof Request ? input.url : String(input);
    if (response.ok && !SAFE.has(method) && !seen.has(`${method} ${href}`)) {
      seen.add(`${method} ${href}`);
      const url = new URL(href);
      const whole = `${url.origin}${url.pathname}`;
      const base = prefixes.find((prefix) => whole.startsWith(prefix));
      const path = base === undefined ? url.pathname : `/${whole.slice(base.length)}`;
      if (mayHaveActed(method, path)) carriedOut(`${method} ${path}`);
    }
    return response;
  };
  return Object.assign(watched, { [FETCH_REPORTS_IN_CALL]: true as const });
}
