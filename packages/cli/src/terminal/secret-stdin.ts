import type { CliContext } from '../context.js';
import { UsageError } from '../errors/usage-error.js';

/**
 * Reads a secret piped to stdin (one trailing newline dropped) and registers it as a secret.
 * @throws {@link UsageError} naming `flag` when stdin is a terminal or empty.
 */
export async function readSecretStdin(ctx: CliContext, flag: string): Promise<string> {
  if (ctx.io.stdinIsTTY) throw new UsageError(`${flag} needs the value piped to stdin`);
  const value = (await ctx.io.readStdin(ctx.signal)).replace(/\r?\n$/, '');
  if (!value) throw new UsageError(`${flag}: stdin was empty`);
  ctx.secrets.add(value);
  return value;
}
