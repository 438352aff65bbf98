import type { Command } from 'commander';
import type { CliContext } from '../../context.js';

/** `agent-cli logout`: forgets the profile's token. */
export function registerLogout(program: Command, ctx: CliContext): void {
  program
    .command('logout')
    .description("Forget the profile's stored token")
    .addHelpText('after', '\nExample:\n  $ agent-cli logout --profile staging')
    .action(() => runLogout(ctx));
}

export async function runLogout(ctx: CliContext): Promise<void> {
  const [{ printData, printDone, printWarning }, settings, config] = await Promise.all([
    import('../../output.js'),
    ctx.settings(),
    ctx.config(),
  ]);
  const wasSignedIn = config.profile(settings.profile).token !== undefined;
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
