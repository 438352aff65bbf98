import type { CliContext } from '../../context.js';
import { printData, printDone, printWarning } from '../../terminal/output.js';
import { askEmail, askPassword, type LoginOptions } from './login-prompts.js';
import { sessionView } from './session-view.js';

/** Signs in; base URL and org given as flags are remembered in the profile. */
export async function runLogin(ctx: CliContext, opts: LoginOptions): Promise<void> {
  // The token is kept in the config file: with no safe place for it, nothing is sent.
  (await ctx.config()).checkWritable();
  // The settings are checked (base URL, …) before anything is asked.
  await ctx.sdk({ profileToken: true });
  const email = await askEmail(ctx, opts);
  const password = await askPassword(ctx, opts);
  await ctx.call('Signing in', (sdk, signal) => sdk.auth.signIn({ email, password }, { signal }), {
    profileToken: true,
  });
  const [settings, config] = await Promise.all([ctx.settings({ repair: true }), ctx.config()]);
  ctx.secrets.add(config.salvage(settings.profile).token?.accessToken);
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
  // `expires_in: 0` (or close enough): kept, as the service gave it, but no command will use it.
  if (view.expired) printWarning(ctx, 'the service gave an access token that has already expired');
  if (ctx.globals.json) printData(ctx, { ...view, email, tokenSource: 'profile' }, () => '');
}
