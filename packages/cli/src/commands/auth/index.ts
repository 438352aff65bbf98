import type { Command } from 'commander';
import { emptyError } from '../../errors/usage-error.js';
import { type Bind, flagOption, noOptions, type RawInput, textOption } from '../../startup/actions.js';
import type { LoginOptions } from './login-prompts.js';

// The definitions of login, logout and whoami, registered with the program; each one's run module
// loads only when it runs (as `api`'s), so `--help` and other commands read none of them.

/** The options of `agent-cli login`, as given. */
export function parseLoginOptions(raw: RawInput): LoginOptions {
  // Given empty (`--email "$UNSET"`): a usage error, never a fall back to AGENT_CLI_EMAIL.
  if (textOption(raw, 'email')?.trim() === '') throw emptyError('--email');
  if (textOption(raw, 'password') === '') throw emptyError('--password');
  return {
    email: textOption(raw, 'email'),
    password: textOption(raw, 'password'),
    passwordStdin: flagOption(raw, 'passwordStdin'),
  };
}

/** `agent-cli login`: prompts on a terminal; `--email` + `--password-stdin` or env in CI. */
export function registerLogin(program: Command, bind: Bind): void {
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
    .action(bind(parseLoginOptions, async (ctx, opts) => (await import('./login.js')).runLogin(ctx, opts)));
}

/** `agent-cli logout`: forgets the profile's token. */
export function registerLogout(program: Command, bind: Bind): void {
  program
    .command('logout')
    .description("Forget the profile's stored token")
    .addHelpText('after', '\nExample:\n  $ agent-cli logout --profile staging')
    .action(bind(noOptions, async (ctx) => (await import('./logout.js')).runLogout(ctx)));
}

/** `agent-cli whoami`: profile, base URL, org and token expiry; never the token. */
export function registerWhoami(program: Command, bind: Bind): void {
  program
    .command('whoami')
    .description(
      "Show the profile, base URL, org and the stored token's expiry (sends no request; never the token)",
    )
    .addHelpText('after', '\nExample:\n  $ agent-cli whoami --profile staging --json')
    .action(bind(noOptions, async (ctx) => (await import('./whoami.js')).runWhoami(ctx)));
}
