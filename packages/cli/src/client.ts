import { AgentClient, MemoryTokenStore, type TokenStore } from '@credential-agent/sdk';
import type { ConfigStore } from './config.js';
import { nodeFetch } from './node-fetch.js';
import type { Secrets } from './secrets.js';
import type { Settings } from './settings.js';
import { verboseHooks } from './verbose.js';

/** What the SDK client of one run is built from. */
export interface ClientInit {
  baseUrl: string;
  settings: Settings;
  config: ConfigStore;
  verbose: boolean;
  secrets: Secrets;
  writeErr: (line: string) => void;
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
    tokenStore = config.tokenStore(settings.profile);
    secrets.add((await tokenStore.get())?.accessToken);
  }
  return new AgentClient({
    baseUrl: init.baseUrl,
    tokenStore,
    fetch: nodeFetch,
    ...(settings.org ? { orgId: settings.org } : {}),
    ...(settings.timeout ? { timeout: settings.timeout } : {}),
    ...(init.verbose ? { hooks: verboseHooks(init.writeErr, (t) => secrets.scrub(t)) } : {}),
  });
}
