import type { AddressInfo } from 'node:net';

// What the loopback server refuses before a request reaches the handlers: a Host header that is
// not the sandbox's own (a DNS-rebinding page), browser origins other than loopback and the
// public URL's, and paths that do not decode.

/** The most bytes of a request body the server reads unless `maxBodyBytes` says otherwise: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * The most bytes the server buffers across all request bodies in flight unless `maxBufferedBytes`
 * says otherwise: 32 MiB.
 */
export const DEFAULT_MAX_BUFFERED_BYTES = 32 * 1024 * 1024;

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `host[:port]` as a URL prints it (lower case, port 80 dropped); undefined for anything else. */
function normaliseHost(host: string): string | undefined {
  if (!/^(?:[\w.-]+|\[[\da-f:.]+\])(?::\d+)?$/i.test(host)) return undefined;
  return URL.canParse(`http://${host}`) ? new URL(`http://${host}`).host : undefined;
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^(?:::ffff:)?127\./.test(address);
}

/** The checks of one listening server. */
export interface RequestGuard {
  /** Whether a request with this Host header is for this sandbox. */
  hostAllowed(host: string | undefined): boolean;
  /** The origin to name in `Access-Control-Allow-Origin` for this `Origin`; undefined for a foreign one. */
  corsOrigin(origin: string | undefined): string | undefined;
}

/**
 * The guard of a server listening on `address` whose records link to `baseUrl`. Bound to loopback,
 * it answers only the Host names `localhost`, `127.0.0.1` and `[::1]` with its port, and the host
 * of `baseUrl`; bound to another interface it checks no Host (it cannot know every name it has).
 * Browsers get CORS for loopback origins and the origin of `baseUrl`, never `*`.
 */
export function requestGuard(address: AddressInfo, baseUrl: string): RequestGuard {
  const publicUrl = new URL(baseUrl);
  const hosts = new Set(
    [...LOOPBACK_NAMES].map((name) => normaliseHost(`${name}:${address.port}`)).concat(publicUrl.host),
  );
  const checkHost = isLoopbackAddress(address.address);
  return {
    hostAllowed(host) {
      if (!checkHost) return true;
      const normal = host === undefined ? undefined : normaliseHost(host);
      return normal !== undefined && hosts.has(normal);
    },
    corsOrigin(origin) {
      if (origin === undefined || !URL.canParse(origin)) return undefined;
      const url = new URL(origin);
      const allowed =
        url.origin === origin && (LOOPBACK_NAMES.has(url.hostname) || url.origin === publicUrl.origin);
      return allowed ? origin : undefined;
    },
  };
}

/** Whether every percent-escape of a request target's path decodes (`/url/%` does not). */
export function pathDecodes(target: string): boolean {
  try {
    decodeURIComponent(target.split('?')[0] ?? '');
    return true;
  } catch {
    return false;
  }
}
