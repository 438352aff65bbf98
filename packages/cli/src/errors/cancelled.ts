/**
 * The user cancelled (Ctrl-C, SIGTERM) before anything was sent: exit 130, reported as
 * `cancelled`. The SDK's `AbortError` is for a request that was under way.
 */
export class Cancelled extends Error {
  override name = 'Cancelled';
}
