import { type Profile, sameBaseUrl } from './config-file.js';
import { AuthRequiredError } from './errors.js';

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
    `run: agent-cli login --base-url ${baseUrl} --profile <another profile>, or set AGENT_CLI_TOKEN`,
  );
}
