import type { ApiError, AuthenticationError } from '@credential-agent/sdk';
import type { Settings } from '../config/run-settings.js';

/** What the error renderer knows of the deployment a run called: its URLs and how each was given. */
export interface Deployment {
  baseUrl: string | undefined;
  baseUrlName: string;
  agentUrl: string | undefined;
  agentUrlName: string;
  /** The agent line as set (`2.0`, `2.1`) and where from; undefined: auto. */
  agentLine: string | undefined;
  agentLineName: string | undefined;
  /** Where the agent key came from: `AGENT_CLI_AGENT_KEY` or `agent-key of profile "p"`. */
  agentKeyName: string | undefined;
  passwordKey: boolean;
}

/** The deployment of a run's settings. */
export function deploymentOf(settings: Settings): Deployment {
  const keyName = { env: 'AGENT_CLI_AGENT_KEY', profile: `agent-key of profile "${settings.profile}"` };
  return {
    baseUrl: settings.baseUrl,
    baseUrlName: settings.baseUrlName,
    agentUrl: settings.agentUrl,
    agentUrlName: settings.agentUrlName,
    agentLine: settings.agentLine,
    agentLineName: settings.agentLineName,
    agentKeyName:
      settings.agentKeySource === 'env' || settings.agentKeySource === 'profile'
        ? keyName[settings.agentKeySource]
        : undefined,
    passwordKey: settings.passwordKey !== undefined,
  };
}

/** The agent's routes go to the agent URL when one is set: the service the error says it went to. */
const toAgent = (error: ApiError, d: Deployment) => d.agentUrl !== undefined && error.target === 'agent';

/** The URL a call went to, or undefined when its base URL is not known. */
function urlOf(error: ApiError, d: Deployment): string | undefined {
  const base = toAgent(error, d) ? d.agentUrl : d.baseUrl;
  return base === undefined ? undefined : `${base.replace(/\/+$/, '')}/${error.path.replace(/^\//, '')}`;
}

/**
 * For a 401 from a separate agent controller: what it refused (the API key, or the token it
 * gave for it) and how to set the key. Undefined when the call went to the platform.
 */
export function agentRefusedHint(error: AuthenticationError, d: Deployment | undefined): string | undefined {
  if (!d || !toAgent(error, d)) return undefined;
  const key = `the API key from ${d.agentKeyName ?? 'the settings'}`;
  // A token the agent had just issued for the key was refused: the key is right.
  if (error.refused === 'token') {
    return `the agent at ${d.agentUrl} accepted ${key} at POST /agent/token but refused the token it had just issued for it: check the agent's own configuration (or agent-url, tenant-id), not the key`;
  }
  const where = `the agent at ${d.agentUrl} refused ${key}`;
  return d.agentKeyName === 'AGENT_CLI_AGENT_KEY'
    ? `${where}: set the right one there, or store it with: agent-cli config set agent-key -`
    : `${where}: store the right one with: agent-cli config set agent-key -`;
}

/**
 * For a 404 that is the server's "no such route" (no message of its own, as an HTML page): the URL
 * tried, and the setting likely to be wrong (agent-url and agent-line for agent routes; agent-url
 * when agent routes went to the base URL; /v1 in base-url for the platform's).
 */
export function missingRoute(
  error: ApiError,
  d: Deployment | undefined,
): { url: string; hint: string } | undefined {
  if (!d || error.status !== 404 || error.serverMessage !== undefined) return undefined;
  const url = urlOf(error, d);
  if (url === undefined) return undefined;
  if (toAgent(error, d)) {
    const line = d.agentLine === undefined ? 'auto: detected' : `${d.agentLine}, from ${d.agentLineName}`;
    return {
      url,
      hint: `no such route at ${d.agentUrlName}: check it, and agent-line (${line}): line 2.1 agents serve /didcomm/… and /anoncreds/…, line 2.0 agents the root paths`,
    };
  }
  const at = `no such route at ${d.baseUrlName}`;
  if (error.target === 'agent') {
    return {
      url,
      hint: `${at}: if the agent controller is a service of its own, set agent-url and agent-key (AGENT_CLI_AGENT_URL, AGENT_CLI_AGENT_KEY)`,
    };
  }
  const base = (d.baseUrl ?? '').replace(/\/+$/, '');
  return /\/v\d+$/.test(base)
    ? { url, hint: `${at}: check that it is the platform's API URL` }
    : { url, hint: `${at}: platforms serve their API under /v1 (try ${base}/v1)` };
}

/** For "Invalid Credentials" at sign-in with no password key set: the key the platform may want. */
export function passwordKeyHint(error: ApiError, d: Deployment | undefined): string | undefined {
  if (
    !d ||
    d.passwordKey ||
    !/auth\/signin$/.test(error.path) ||
    !/Invalid Credentials/i.test(error.serverMessage ?? '')
  )
    return undefined;
  return 'if the password is right, this platform may expect it encrypted: set its key with AGENT_CLI_PASSWORD_KEY or agent-cli config set password-key -';
}
