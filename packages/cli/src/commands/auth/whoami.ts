import type { Command } from 'commander';
import type { CliContext } from '../../context.js';

/** `agent-cli whoami`: profile, base URL, org and token expiry; never the token. */
export function registerWhoami(program: Command, ctx: CliContext): void {
  program
    .command('whoami')
    .description(
      "Show the profile, base URL, org and the stored token's expiry (sends no request; never the token)",
    )
    .addHelpText('after', '\nExample:\n  $ agent-cli whoami --profile staging --json')
    .action(() => runWhoami(ctx));
}

/** Prints the session; exit 4 when not signed in or the token has expired. */
export async function runWhoami(ctx: CliContext): Promise<void> {
  const [{ sessionView }, { presentSession }, { printData }, { AuthRequiredError }] = await Promise.all([
    import('./session-view.js'),
    import('../../presenters/session.js'),
    import('../../output.js'),
    import('../../errors.js'),
  ]);
  const { view, foreign } = await sessionView(ctx);
  printData(ctx, view, presentSession);
  if (foreign) throw foreign;
  if (!view.signedIn) throw new AuthRequiredError(`not signed in (profile "${view.profile}")`);
  if (view.expired) throw new AuthRequiredError(`the access token of profile "${view.profile}" has expired`);
}
