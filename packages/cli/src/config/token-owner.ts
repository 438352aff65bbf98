import { AuthRequiredError } from '../errors/cli-errors.js';
import { UsageError } from '../errors/usage-error.js';
import { type Profile, sameBaseUrl } from './file.js';

/** The base URL a stored token belongs to (one stored before tokens were tagged: the profile's). */
export function tokenIssuer(profile: Profile): string | undefined {
  return profile.token?.issuedBy ?? profile.baseUrl;
}

/**
 * A stored token is sent only to the base URL that issued it. When the profile's token belongs to
 * another one than `baseUrl`: the error that says so, naming both URLs; `undefined` otherwise.
 */
export function foreignTokenError(
  name: string,
  profile: Profile,
  baseUrl: string,
): AuthRequiredError | undefined {
  if (!profile.token) return undefined;
  const issuer = tokenIssuer(profile);
  if (issuer !== undefined && sameBaseUrl(issuer, baseUrl)) return undefined;
  return new AuthRequiredError(
    `the token of profile "${name}" was issued by ${issuer ?? 'an unknown base URL'}, not ${baseUrl}: it is not sent there`,
    `run: agent-cli login --base-url ${baseUrl} --profile ${name} (it replaces the profile's token; give another --profile to keep both), or set AGENT_CLI_TOKEN`,
  );
}

/**
 * A stored agent key is sent only to the agent URL it was stored for (`AGENT_CLI_AGENT_KEY` is the
 * user's choice). A key bound to none (stored by an older version) is bound by the caller at its
 * first use, and never follows a later change. When the profile's key belongs to another agent than
 * `agentUrl`: the error that says so, naming both URLs; `undefined` otherwise.
 */
export function foreignAgentKeyError(
  name: string,
  profile: Profile,
  agentUrl: string,
): UsageError | undefined {
  const owner = profile.agentKeyFor;
  if (owner === undefined || sameBaseUrl(owner, agentUrl)) return undefined;
  return new UsageError(
    `the agent key of profile "${name}" was stored for ${owner ?? 'no agent URL'}, not ${agentUrl}: it is not sent there`,
    'store one for that agent (agent-cli config set agent-key -), or set AGENT_CLI_AGENT_KEY',
  );
}
