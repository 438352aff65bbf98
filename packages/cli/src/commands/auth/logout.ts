import type { CliContext } from '../../context.js';
import { printData, printDone, printWarning } from '../../terminal/output.js';

/** Forgets the profile's token. */
export async function runLogout(ctx: CliContext): Promise<void> {
  // A repair: works on a broken profile too (a token that cannot be sent is what logout removes).
  const [settings, config] = await Promise.all([ctx.settings({ repair: true }), ctx.config()]);
  const wasSignedIn = config.stored(settings.profile)['token'] !== undefined;
  if (wasSignedIn) {
    await config.updateProfile(settings.profile, { token: undefined });
    printDone(ctx, `Logged out (profile "${settings.profile}")`);
  } else {
    ctx.io.err(`Not signed in (profile "${settings.profile}"): nothing to do`);
  }
  if (settings.envToken)
    printWarning(ctx, 'AGENT_CLI_TOKEN is still set in the environment and will be used');
  if (ctx.globals.json) {
    printData(ctx, { profile: settings.profile, signedIn: false, wasSignedIn }, () => '');
  }
}
