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
  if (config.profile(settings.profile).token)
    await config.updateProfile(settings.profile, { token: undefined });
  printDone(ctx, `Logged out (profile "${settings.profile}")`);
  if (settings.envToken)
    printWarning(ctx, 'AGENT_CLI_TOKEN is still set in the environment and will be used');
  if (ctx.globals.json) printData(ctx, { profile: settings.profile, signedIn: false }, () => '');
}
