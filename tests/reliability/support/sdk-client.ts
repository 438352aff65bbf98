import { nodeFetch } from '../../../packages/cli/src/http/node-fetch.js';

/** The fetches every in-process hostile case runs with: Node's own, and the CLI's `node:http` one. */
export const FETCHES = [
  { name: 'Node fetch', fetch: undefined },
  { name: 'CLI node:http fetch', fetch: nodeFetch },
] as const;

/** The client option for one of {@link FETCHES}. */
export function withFetch(f: (typeof FETCHES)[number]): { fetch?: typeof fetch } {
  return f.fetch ? { fetch: f.fetch } : {};
}
