import type { AgentLine } from './agent-line.js';
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
  /**
   * When set, agent routes want the agent's own auth instead of a bearer token: on line 2.0 exactly
   * `Authorization: <agentKey>`; on line 2.1 a token from `POST /agent/token`.
   */
  readonly agentKey: string | undefined;
  /** The agent controller's line (with `agentKey`): where agent routes are and what they want. */
  readonly agentLine: AgentLine;
  /** The tokens `POST /agent/token` handed out (line 2.1). */
  readonly agentTokens: Set<string>;
  /** Put before every route of these handlers (`/v1` for the platform's second set). */
  readonly routePrefix?: string;
}

/** The path of a request relative to the base URL (`/credentials`), for counting and faults. */
export function routePath(baseUrl: string, url: string): string {
  const { pathname } = new URL(url);
  const base = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
}
