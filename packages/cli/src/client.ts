import { AgentClient, MemoryTokenStore, type TokenStore } from '@credential-agent/sdk';
import { checkAgentSettings } from './config/agent-settings.js';
import type { ConfigStore } from './config/file.js';
import type { Settings } from './config/run-settings.js';
import type { Secrets } from './config/secrets.js';
import { foreignAgentKeyError, foreignTokenError } from './config/token-owner.js';
import { UsageError } from './errors/usage-error.js';
import { watchChanges } from './http/changes.js';
import { nodeFetch } from './http/node-fetch.js';
import { scrubErrorAnswers } from './http/scrub-errors.js';
import { verboseHooks } from './terminal/verbose.js';

/** What the SDK client of one run is built from. */
export interface ClientInit {
  baseUrl: string;
  /** The agent controller's base URL of a split deployment, checked. */
  agentUrl?: string | undefined;
  settings: Settings;
  config: ConfigStore;
  verbose: boolean;
  secrets: Secrets;
  writeErr: (line: string) => void;
  /** Told of each request the service carried out that changed something (`POST /schemas`). */
  carriedOut: (request: string) => void;
  /** Signing in: a token of another base URL is replaced, not refused. */
  signingIn?: boolean;
  /** `AGENT_CLI_EMAIL` and `AGENT_CLI_PASSWORD`: the client signs in again when its token expires. */
  credentials?: { email: string; password: string } | undefined;
}

/**
 * Refuses to send the profile's token to a base URL other than the one that issued it.
 * @throws {@link AuthRequiredError} naming both URLs.
 */
function checkTokenOwner(init: ClientInit): void {
  const { settings, config, baseUrl } = init;
  const error = foreignTokenError(settings.profile, config.profile(settings.profile), baseUrl);
  if (error) throw error;
}

/**
 * The agent of a split deployment. It needs its own key: the profile's token belongs to the base
 * URL that issued it and is never sent to the agent's.
 * @throws {@link UsageError} naming the agent URL's setting when the key is missing.
 */
async function agentOption(init: ClientInit) {
  const { agentUrl, settings, config } = init;
  checkAgentSettings(settings, agentUrl);
  if (agentUrl === undefined) return {};
  if (!settings.agentKey) {
    throw new UsageError(
      `${settings.agentUrlName} needs the agent's API key: set AGENT_CLI_AGENT_KEY (or: agent-cli config set agent-key -)`,
    );
  }
  if (settings.agentKeySource === 'profile') {
    const profile = config.profile(settings.profile);
    const error = foreignAgentKeyError(settings.profile, profile, agentUrl);
    if (error) throw error;
    if (profile.agentKeyFor === undefined) {
      // A key an older version stored bound to nothing: bound now, it never follows a change.
      await config.updateProfile(settings.profile, { agentKeyFor: agentUrl });
      init.writeErr(
        `note: the agent key of profile "${settings.profile}" is now bound to ${agentUrl}: it is sent there only`,
      );
    }
  }
  const { agentLine, tenantId } = settings;
  return {
    agent: {
      baseUrl: agentUrl,
      apiKey: settings.agentKey,
      ...(agentLine ? { line: agentLine } : {}),
      ...(tenantId ? { tenantId } : {}),
      tokenStore: await agentTokenStore(init, agentUrl),
    },
  };
}

/**
 * Where the agent's token (line 2.1) is kept: in the profile, bound to the agent URL and tenant,
 * so that the next run does not exchange the key again; in memory when there is no safe place for
 * the config file. The token held is scrubbed from everything shown.
 */
async function agentTokenStore(init: ClientInit, agentUrl: string): Promise<TokenStore> {
  const { config, settings, secrets } = init;
  try {
    config.checkWritable();
  } catch {
    return new MemoryTokenStore();
  }
  const store = config.agentTokenStore(settings.profile, agentUrl, settings.tenantId);
  secrets.add((await store.get())?.accessToken);
  return store;
}

/**
 * The SDK client for a run. `AGENT_CLI_TOKEN` lives in memory only (it is never written to the
 * profile); otherwise the token is the profile's, kept in the config file.
 */
export async function createClient(init: ClientInit): Promise<AgentClient> {
  const { settings, config, secrets } = init;
  let tokenStore: TokenStore;
  if (settings.envToken) {
    tokenStore = new MemoryTokenStore({ accessToken: settings.envToken, tokenType: 'Bearer' });
    secrets.add(settings.envToken);
  } else {
    if (!init.signingIn) checkTokenOwner(init);
    tokenStore = config.tokenStore(settings.profile, init.baseUrl);
    secrets.add((await tokenStore.get())?.accessToken);
  }
  secrets.add(settings.agentKey);
  secrets.add(settings.passwordKey);
  return new AgentClient({
    baseUrl: init.baseUrl,
    ...(await agentOption(init)),
    ...(settings.passwordKey ? { passwordEncryption: { key: settings.passwordKey } } : {}),
    tokenStore,
    ...(init.credentials ? { credentials: init.credentials } : {}),
    fetch: watchChanges(
      scrubErrorAnswers(nodeFetch, secrets),
      [init.baseUrl, ...(init.agentUrl ? [init.agentUrl] : [])],
      init.carriedOut,
    ),
    ...(settings.org ? { orgId: settings.org } : {}),
    ...(settings.timeout ? { timeout: settings.timeout } : {}),
    ...(init.verbose ? { hooks: verboseHooks(init.writeErr, (t) => secrets.scrub(t)) } : {}),
  });
}
