/**
 * The two lines of the agent controller (credo-controller): `2.0` takes the raw API key on every
 * route at the root paths; `2.1` (and later) takes the key only at `POST /agent/token`, wants the
 * token it answers everywhere else, and serves the DIDComm and AnonCreds routes under prefixes.
 */
export type AgentLine = '2.0' | '2.1';

/** The agent lines, in the order they were released. */
export const AGENT_LINES: readonly AgentLine[] = ['2.0', '2.1'];

/**
 * Where one of the SDK's agent routes (given in line 2.0's form, e.g. `credentials`) is on `line`:
 * `oob/…`, `credentials…` and `proofs…` under `didcomm/`, `schemas` under `anoncreds/`;
 * `dids/write` stays.
 */
export function linePath(line: AgentLine, path: string): string {
  if (line === '2.0') return path;
  if (/^(oob|credentials|proofs)(\/|$)/.test(path)) return `didcomm/${path}`;
  if (/^schemas(\/|$)/.test(path)) return `anoncreds/${path}`;
  return path;
}
