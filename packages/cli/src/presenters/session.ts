import type { Style } from '../terminal/style.js';
import { type Field, fields } from './layout.js';

/** What `whoami` and `login --json` report. Never holds the token. */
export interface SessionView {
  profile: string;
  baseUrl: string | undefined;
  /** The agent controller of a split deployment, when set. */
  agentUrl: string | undefined;
  /** Whether an agent API key is set; never the key. */
  agentKey: boolean;
  org: string | undefined;
  email: string | undefined;
  signedIn: boolean;
  /** Where the token comes from: the profile, or `AGENT_CLI_TOKEN`. */
  tokenSource: 'profile' | 'env' | undefined;
  /** The base URL that issued the profile's token: the only one it is sent to. */
  tokenIssuedBy: string | undefined;
  /** ISO time; null when unknown (`AGENT_CLI_TOKEN` is not checked) or not signed in. */
  expiresAt: string | null;
  /** Null when unknown: `AGENT_CLI_TOKEN` (whoami sends no request) or a token without expiry. */
  expired: boolean | null;
}

/** A stored token that is not sent to the base URL in use, because another one issued it. */
function foreign(view: SessionView): boolean {
  return view.tokenSource === 'profile' && !view.signedIn;
}

function tokenField(view: SessionView): string {
  if (view.tokenSource === 'env') return 'from AGENT_CLI_TOKEN';
  if (foreign(view))
    return `stored for ${view.tokenIssuedBy ?? 'another base URL'} (not sent to this base URL)`;
  return view.signedIn ? 'stored in profile' : '-';
}

function expiry(view: SessionView, now: number, style: Style): Field {
  if (!view.signedIn) {
    return ['Expires', foreign(view) ? 'not signed in at this base URL' : 'not signed in', style.yellow];
  }
  if (view.tokenSource === 'env') return ['Expires', 'not checked (whoami sends no request)'];
  if (!view.expiresAt) return ['Expires', 'unknown'];
  if (view.expired) return ['Expires', `${view.expiresAt} (expired)`, style.red];
  const minutes = Math.max(0, Math.round((Date.parse(view.expiresAt) - now) / 60_000));
  const left = minutes >= 120 ? `${Math.round(minutes / 60)} h` : `${minutes} min`;
  return ['Expires', `${view.expiresAt} (in ${left})`];
}

/** The `whoami` summary. */
export function presentSession(view: SessionView, style: Style, now: number = Date.now()): string {
  return fields(
    [
      ['Profile', view.profile],
      ['Base URL', view.baseUrl ?? '(not set)'],
      ['Agent URL', view.agentUrl ?? '(same as base URL)'],
      ['Agent key', view.agentKey ? 'set (not shown)' : '-'],
      ['Org', view.org ?? '(not set)'],
      ['User', view.email],
      ['Token', tokenField(view)],
      expiry(view, now, style),
    ],
    style,
  );
}
