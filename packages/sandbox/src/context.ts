import type { FaultController } from './faults/controller.js';
import type { SandboxState } from './state.js';

/**
 * Which service the sandbox imitates: `spec`, the one service of the interface, or `platform`, the
 * real pair (a platform gateway and an agent controller) where it differs from the spec.
 */
export type SandboxFlavor = 'spec' | 'platform';

/** What every handler of one sandbox shares. */
export interface SandboxContext {
  /** Base URL without a trailing slash; handlers match it, records link to it. */
  readonly baseUrl: string;
  readonly state: SandboxState;
  readonly faults: FaultController;
  /** Most holders one e-mail offer request may carry. */
  readonly emailBatchLimit: number;
  readonly flavor: SandboxFlavor;
  /** Platform flavour: the key sign-in passwords are encrypted with. */
  readonly passwordKey: string | undefined;
  /** When set, agent routes want exactly `Authorization: <agentKey>` instead of a bearer token. */
  readonly agentKey: string | undefined;
  /** Put before every route of these handlers (`/v1` for the platform's second set). */
  readonly routePrefix?: string;
}

/** The path of a request relative to the base URL (`/credentials`), for counting and faults. */
export function routePath(baseUrl: string, url: string): string {
  const { pathname } = new URL(url);
  const base = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
}
