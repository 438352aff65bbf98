import { afterEach } from 'vitest';
import { type Line, type StandIn, startCredoStandIn } from './credo-stand-in.js';

/**
 * Starts stand-ins of the agent controller for the tests of one file and closes them after each
 * test. Call at the top of a test file.
 * @returns `standIn(line, tenants?)`, which starts one
 */
export function useStandIns(): (line: Line, tenants?: string[]) => Promise<StandIn> {
  const open: StandIn[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (line, tenants) => {
    const s = await startCredoStandIn({ line, ...(tenants ? { tenants } : {}) });
    open.push(s);
    return s;
  };
}

/** What a stand-in saw, a line per request: method, path and the secret it carried. */
export const trail = (s: StandIn): string[] => s.seen.map((r) => `${r.method} ${r.path} ${r.secret}`);
