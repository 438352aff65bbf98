import type { CliContext } from '../../context.js';
import { emptyError, UsageError } from '../../errors/usage-error.js';
import { printWarning } from '../../terminal/output.js';
import { readSecretStdin } from '../../terminal/secret-stdin.js';

/** Options of `agent-cli login`. */
export interface LoginOptions {
  email?: string | undefined;
  password?: string | undefined;
  passwordStdin: boolean;
}

/** The e-mail: `--email`, `AGENT_CLI_EMAIL`, a prompt on a terminal, else a usage error. */
export async function askEmail(ctx: CliContext, opts: LoginOptions): Promise<string> {
  const email = opts.email ?? ctx.env['AGENT_CLI_EMAIL'];
  if (email?.trim() === '') throw emptyError('AGENT_CLI_EMAIL');
  if (email !== undefined) return email.trim();
  if (!ctx.interactive) throw new UsageError('missing --email (or set AGENT_CLI_EMAIL)');
  return (await ctx.prompter.input('E-mail')).trim();
}

/**
 * The password: `--password-stdin`, `--password` (with a warning), `AGENT_CLI_PASSWORD`, a masked
 * prompt on a terminal, else a usage error. It is registered as a secret before anything is sent.
 */
export async function askPassword(ctx: CliContext, opts: LoginOptions): Promise<string> {
  if (opts.passwordStdin && opts.password !== undefined) {
    throw new UsageError('use either --password-stdin or --password, not both');
  }
  let password: string | undefined;
  if (opts.passwordStdin) {
    password = await readSecretStdin(ctx, '--password-stdin');
  } else if (opts.password !== undefined) {
    printWarning(ctx, '--password puts the password in your shell history; prefer --password-stdin');
    password = opts.password;
  } else {
    password = ctx.env['AGENT_CLI_PASSWORD'];
    if (password === '') throw emptyError('AGENT_CLI_PASSWORD');
  }
  if (!password) {
    if (!ctx.interactive)
      throw new UsageError('missing password: pipe it to --password-stdin (or set AGENT_CLI_PASSWORD)');
    password = await ctx.prompter.password('Password');
  }
  ctx.secrets.add(password);
  return password;
}
