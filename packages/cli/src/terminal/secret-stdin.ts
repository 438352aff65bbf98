import type { CliContext } from '../context.js';
import { UsageError } from '../errors/usage-error.js';
import { codePointName } from './printable.js';

/** The most a secret read from stdin may hold (a password, a key, a seed): `/dev/zero` is not one. */
const SECRET_LIMIT = 64 * 1024;

/**
 * Reads a secret piped to stdin (one trailing newline dropped) and registers it as a secret.
 * @throws {@link UsageError} naming `flag` when stdin is a terminal, empty, over 64 KiB, more than
 * one line, holds a control character or is not UTF-8.
 */
export async function readSecretStdin(ctx: CliContext, flag: string): Promise<string> {
  if (ctx.io.stdinIsTTY) throw new UsageError(`${flag} needs the value piped to stdin`);
  const tooLarge = new UsageError(`${flag}: stdin holds more than 64 KiB, which is not a secret value`);
  // Room for a byte order mark and a line end, which are not part of the value.
  const text = await ctx.io.readStdin(ctx.signal, SECRET_LIMIT + 5).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EILSEQ') throw new UsageError(`${flag}: stdin is not UTF-8 text`);
    throw error.code === 'EFBIG' ? tooLarge : error;
  });
  // Without the byte order mark a Windows editor writes first, and the line end `echo` writes last.
  const value = text.replace(/^\uFEFF/, '').replace(/\r?\n$/, '');
  if (Buffer.byteLength(value) > SECRET_LIMIT) throw tooLarge;
  // A line end or a control character left in the value (`printf 'x\n\n'`) would be stored, and
  // signing in fail unexplained.
  if (/[\n\v\f\r\u0085\u2028\u2029]/.test(value))
    throw new UsageError(`${flag}: stdin holds more than one line, which is not a secret value`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused.
  const control = /[\u0000-\u001f\u007f-\u009f]/.exec(value)?.[0];
  if (control !== undefined) {
    const name = codePointName(control);
    throw new UsageError(
      `${flag}: stdin holds a control character (${name}), which is not part of a secret value`,
    );
  }
  if (!value) throw new UsageError(`${flag}: stdin was empty`);
  ctx.secrets.add(value);
  return value;
}
