import type { CliContext } from '../context.js';
import { UsageError } from '../errors/usage-error.js';

/** The most a secret read from stdin may hold (a password, a key, a seed): `/dev/zero` is not one. */
const SECRET_LIMIT = 64 * 1024;

/**
 * Reads a secret piped to stdin (one trailing newline dropped) and registers it as a secret.
 * @throws {@link UsageError} naming `flag` when stdin is a terminal, empty, over 64 KiB, more than
 * one line or not UTF-8.
 */
export async function readSecretStdin(ctx: CliContext, flag: string): Promise<string> {
  if (ctx.io.stdinIsTTY) throw new UsageError(`${flag} needs the value piped to stdin`);
  const tooLarge = new UsageError(`${flag}: stdin holds more than 64 KiB, which is not a secret value`);
  // Room for the line end that `echo` and editors add, which is not part of the value.
  const text = await ctx.io.readStdin(ctx.signal, SECRET_LIMIT + 2).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EILSEQ') throw new UsageError(`${flag}: stdin is not UTF-8 text`);
    throw error.code === 'EFBIG' ? tooLarge : error;
  });
  const value = text.replace(/\r?\n$/, '');
  if (Buffer.byteLength(value) > SECRET_LIMIT) throw tooLarge;
  // A line end left in the value (`printf 'x\n\n'`) would be stored, and signing in fail unexplained.
  if (/[\r\n]/.test(value))
    throw new UsageError(`${flag}: stdin holds more than one line, which is not a secret value`);
  if (!value) throw new UsageError(`${flag}: stdin was empty`);
  ctx.secrets.add(value);
  return value;
}
