import { AgentClient, MemoryTokenStore, type TokenStore } from '@credential-agent/sdk';
import { type ConfigStore, sameBaseUrl } from './config-file.js';
import { AuthRequiredError } from './errors.js';
import { nodeFetch } from './node-fetch.js';
import type { Settings } from './run-settings.js';
import type { Secrets } from './secrets.js';
import { verboseHooks } from './verbose.js';

/** What the SDK client of one run is built from. */
export interface ClientInit {
  baseUrl: string;
  settings: Settings;
  config: ConfigStore;
  verbose: boolean;
  secrets: Secrets;
  writeErr: (line: string) => void;
  /** Signing in: a token of another base URL is replaced, not refused. */
  signingIn?: boolean;
}

/**
 * Refuses to send the profile's token to a base URL other than the one that issued it (a token
 * stored before tokens were tagged belongs to the profile's base URL).
 * @throws {@link AuthRequiredError} naming both URLs.
 */
function checkTokenOwner(init: ClientInit): void {
  const { settings, config, baseUrl } = init;
  const profile = config.profile(settings.profile);
  if (!profile.token) return;
  const issuer = profile.token.issuedBy ?? profile.baseUrl;
  if (issuer !== undefined && sameBaseUrl(issuer, baseUrl)) return;
  throw new AuthRequiredError(
    `the token of profile "${settings.profile}" was issued by ${issuer ?? 'an unknown base URL'}, not ${baseUrl}: it is not sent there`,
    `run: agent-cli login --base-url ${baseUrl} --profile <another profile>, or set AGENT_CLI_TOKEN`,
  );
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
  return new AgentClient({
    baseUrl: init.baseUrl,
    tokenStore,
    fetch: nodeFetch,
    ...(settings.org ? { orgId: settings.org } : {}),
    ...(settings.timeout ? { timeout: settings.timeout } : {}),
    ...(init.verbose ? { hooks: verboseHooks(init.writeErr, (t) => secrets.scrub(t)) } : {}),
  });
}
