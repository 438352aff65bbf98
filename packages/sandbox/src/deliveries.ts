import { basePath } from './node-bridge.js';
import type { Sandbox } from './sandbox.js';

/** Where the loopback server lists the offer e-mails it delivered (not a route of the service). */
export const DELIVERIES_PATH = '/__sandbox/deliveries';

/**
 * The answer to `GET /__sandbox/deliveries`: the offer e-mails delivered so far, counted per
 * lower-cased address, for a script or a CI job in another process that counts e-mails per holder:
 * `{"total":3,"deliveries":{"ada@example.com":2,"bo@example.com":1}}`. Undefined for any other
 * request.
 */
export function deliveriesResponse(sandbox: Sandbox, request: Request): Response | undefined {
  const path = `${basePath(sandbox.baseUrl)}${DELIVERIES_PATH}`;
  if (request.method !== 'GET' || new URL(request.url).pathname !== path) return undefined;
  const counts = new Map<string, number>();
  for (const { to } of sandbox.state.emails) {
    const address = to.toLowerCase();
    counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return Response.json({ total: sandbox.state.emails.length, deliveries: Object.fromEntries(counts) });
}
