import { isExpired } from '@credential-agent/sdk/token';
import { foreignTokenError, tokenIssuer } from '../../config/token-owner.js';
import type { CliContext } from '../../context.js';
import type { SessionView } from '../../presenters/session.js';

/**
 * The session of the selected profile (or `AGENT_CLI_TOKEN`), without the token, and the error
 * that ends `whoami` when the profile's token belongs to another base URL than the one in use.
 */
export async function sessionView(ctx: CliContext): Promise<{ view: SessionView; foreign?: Error }> {
  const [settings, config] = await Promise.all([ctx.settings(), ctx.config()]);
  const profile = config.profile(settings.profile);
  const token = settings.envToken ? undefined : profile.token;
  const foreign =
    token && settings.baseUrl !== undefined
      ? foreignTokenError(settings.profile, profile, settings.baseUrl)
      : undefined;
  const view: SessionView = {
    profile: settings.profile,
    baseUrl: settings.baseUrl,
    agentUrl: settings.agentUrl,
    agentKey: settings.agentKey !== undefined,
    org: settings.org,
    email: settings.envToken ? undefined : profile.email,
    // A stored token of another base URL is not sent: not signed in there.
    signedIn: settings.envToken !== undefined || (token !== undefined && foreign === undefined),
    tokenSource: settings.envToken ? 'env' : token ? 'profile' : undefined,
    tokenIssuedBy: token ? tokenIssuer(profile) : undefined,
    // Unknown (null) for AGENT_CLI_TOKEN, which whoami does not check, and a token without expiry.
    expiresAt: expiryText(token?.expiresAt) ?? null,
    expired: token?.expiresAt === undefined ? null : isExpired(token),
  };
  return foreign ? { view, foreign } : { view };
}

/**
 * A stored expiry as ISO 8601; undefined for none, and for one no Date can hold (an older version
 * stored a "never expires" sentinel as 1e23 ms).
 */
export function expiryText(expiresAt: number | undefined): string | undefined {
  return expiresAt !== undefined && Math.abs(expiresAt) <= 8.64e15
    ? new Date(expiresAt).toISOString()
    : undefined;
}
