import type { Command } from 'commander';
import type { CliContext } from '../../context.js';

/** Options of `agent-cli login`. */
export interface LoginOptions {
  email?: string;
  password?: string;
  passwordStdin?: boolean;
}

/** `agent-cli login`: prompts on a terminal; `--email` + `--password-stdin` or env in CI. */
export function registerLogin(program: Command, ctx: CliContext): void {
  program
    .command('login')
    .description('Sign in and keep the token in the profile (file mode 0600)')
    .option('--email <email>', 'e-mail address (env AGENT_CLI_EMAIL; prompted on a terminal)')
    .option('--password-stdin', 'read the password from stdin (for CI)')
    .option(
      '--password <password>',
      'the password (discouraged: it lands in shell history; env AGENT_CLI_PASSWORD)',
    )
    .addHelpText(
      'after',
      `
Examples:
  $ agent-cli login --base-url https://agent.example.com
  $ printf '%s' "$PASSWORD" | agent-cli login --email issuer@example.com --password-stdin`,
    )
    .action((opts: LoginOptions) => runLogin(ctx, opts));
}

/** Signs in; base URL and org given as flags are remembered in the profile. */
export async function runLogin(ctx: CliContext, opts: LoginOptions): Promise<void> {
  const [{ askEmail, askPassword }, { printData, printDone }, { sessionView }] = await Promise.all([
    import('./login-prompts.js'),
    import('../../output.js'),
    import('./session-view.js'),
  ]);
  // The token is kept in the config file: with no safe place for it, nothing is sent.
  (await ctx.config()).checkWritable();
  const sdk = await ctx.sdk({ profileToken: true });
  const email = await askEmail(ctx, opts);
  const password = await askPassword(ctx, opts);
  await ctx.spinner('Signing in', () => sdk.auth.signIn({ email, password }, { signal: ctx.signal }));
  const [settings, config] = await Promise.all([ctx.settings(), ctx.config()]);
  ctx.secrets.add(config.profile(settings.profile).token?.accessToken);
  await config.updateProfile(settings.profile, {
    email,
    ...(settings.baseUrlSource === 'flag' ? { baseUrl: settings.baseUrl } : {}),
    ...(settings.orgSource === 'flag' ? { org: settings.org } : {}),
  });
  const { view } = await sessionView(ctx);
  printDone(
    ctx,
    `Signed in as ${email} (profile "${view.profile}", token expires ${view.expiresAt ?? 'unknown'})`,
  );
  if (ctx.globals.json) printData(ctx, { ...view, email, tokenSource: 'profile' }, () => '');
}
