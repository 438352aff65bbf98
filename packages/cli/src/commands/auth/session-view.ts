import { isExpired } from '@credential-agent/sdk';
import type { CliContext } from '../../context.js';
import type { SessionView } from '../../presenters/session.js';

/** The session of the selected profile (or `AGENT_CLI_TOKEN`), without the token. */
export async function sessionView(ctx: CliContext): Promise<SessionView> {
  const [settings, config] = await Promise.all([ctx.settings(), ctx.config()]);
  const profile = config.profile(settings.profile);
  const token = settings.envToken ? undefined : profile.token;
  const signedIn = settings.envToken !== undefined || token !== undefined;
  return {
    profile: settings.profile,
    baseUrl: settings.baseUrl,
    agentUrl: settings.agentUrl,
    agentKey: settings.agentKey !== undefined,
    org: settings.org,
    email: settings.envToken ? undefined : profile.email,
    signedIn,
    tokenSource: settings.envToken ? 'env' : token ? 'profile' : undefined,
    expiresAt: token?.expiresAt === undefined ? undefined : new Date(token.expiresAt).toISOString(),
    expired: token ? isExpired(token) : false,
  };
}
