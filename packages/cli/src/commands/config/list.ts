import { isExpired } from '@credential-agent/sdk/token';
import type { Command } from 'commander';
import type { Profile } from '../../config/file.js';
import type { CliContext } from '../../context.js';
import { type ProfilesView, type ProfileView, presentProfiles } from '../../presenters/config.js';
import { TABLE_WIDTH_HELP, WIDE_OPTION, wide } from '../../presenters/layout.js';
import { type Bind, flagOption, type RawInput } from '../../startup/actions.js';
import { printData, printWarning } from '../../terminal/output.js';
import { expiryText } from '../auth/session-view.js';

/** `agent-cli config list`. */
export function registerList(group: Command, bind: Bind): void {
  group
    .command('list')
    .description('List the profiles (the current one is marked *)')
    .option(...WIDE_OPTION)
    .addHelpText('after', `\n${TABLE_WIDTH_HELP}\n\nExample:\n  $ agent-cli config list --json`)
    .action(bind(parseListOptions, runList));
}

/** Options of `config list`. */
export interface ListOptions {
  /** `--wide`: every value whole, also on a narrow terminal. */
  wide: boolean;
}

export function parseListOptions(raw: RawInput): ListOptions {
  return { wide: flagOption(raw, 'wide') };
}

/** A profile as `config list` and `config use --json` show it: never the token. */
export function viewOf(profile: Profile): ProfileView {
  const token = profile.token;
  return {
    baseUrl: profile.baseUrl,
    org: profile.org,
    email: profile.email,
    signedIn: token !== undefined && !isExpired(token),
    expiresAt: expiryText(token?.expiresAt),
  };
}

export async function runList(ctx: CliContext, opts: ListOptions = { wide: false }): Promise<void> {
  const [settings, config] = await Promise.all([ctx.settings({ repair: true }), ctx.config()]);
  for (const [name, problem] of Object.entries(config.broken())) {
    printWarning(ctx, `profile "${name}" left out: the config file ${config.path} is broken at ${problem}`);
  }
  const profiles = Object.fromEntries(
    Object.entries(config.profiles()).map(([name, p]) => [name, viewOf(p)]),
  );
  const view: ProfilesView = { current: settings.profile, path: config.path, profiles };
  printData(ctx, view, (data, style) => presentProfiles(data, wide(style, opts.wide)));
}
