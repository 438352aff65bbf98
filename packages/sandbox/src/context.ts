import type { FaultController } from './faults.js';
import type { SandboxState } from './state.js';

/** What every handler of one sandbox shares. */
export interface SandboxContext {
  /** Base URL without a trailing slash; handlers match it, records link to it. */
  readonly baseUrl: string;
  readonly state: SandboxState;
  readonly faults: FaultController;
  /** Most holders one e-mail offer request may carry. */
  readonly emailBatchLimit: number;
}

/** The path of a request relative to the base URL (`/credentials`), for counting and faults. */
export function routePath(ctx: SandboxContext, url: string): string {
  const { pathname } = new URL(url);
  const base = new URL(ctx.baseUrl).pathname.replace(/\/+$/, '');
  return base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
}
