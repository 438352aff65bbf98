import type { CliContext } from '../context.js';
import { printWarning } from '../terminal/output.js';

/** Columns a QR code may take: the terminal's width, 80 when it does not say. */
function terminalColumns(): number {
  return process.stdout.columns || 80;
}

/**
 * The text as a QR code in Unicode half blocks (two rows of modules per line, light modules drawn,
 * with a light border of two modules): the smallest code that holds it (error correction L, raised
 * to the highest level that keeps that size), when it fits `columns`; else the columns it needs
 * (`needs: undefined` when no QR code holds the text, as for a real agent's invitation carrying a
 * credential offer).
 */
export async function halfBlockQr(
  text: string,
  columns: number,
): Promise<{ qr: string } | { needs: number | undefined }> {
  const { encode, renderUnicodeCompact } = await import('uqr');
  const options = { ecc: 'L', boostEcc: true, border: 2 } as const;
  let needs: number;
  try {
    needs = encode(text, options).size;
  } catch (error) {
    // uqr's RangeError "Data too long": more than the largest QR code (version 40) holds.
    if (error instanceof RangeError) return { needs: undefined };
    throw error;
  }
  return needs <= columns ? { qr: renderUnicodeCompact(text, options) } : { needs };
}

/**
 * `--qr`: prints an invitation as a QR code a wallet can scan, on a terminal only and when it fits
 * its width. Never with `--json` (stdout stays JSON) nor on a pipe (a warning says why). `instead`
 * says what else the user can do when it does not fit (what the command at hand offers).
 */
export async function printQr(ctx: CliContext, text: string | undefined, instead: string): Promise<void> {
  if (ctx.globals.json || !text) return;
  if (!ctx.io.stdoutIsTTY) {
    printWarning(ctx, '--qr: stdout is not a terminal, so no QR code is printed');
    return;
  }
  const columns = terminalColumns();
  const result = await halfBlockQr(text, columns);
  if ('qr' in result) ctx.io.out(`\n${result.qr}\n`);
  else if (result.needs === undefined) {
    printWarning(
      ctx,
      `--qr: the invitation (${Buffer.byteLength(text)} bytes) is more than any QR code holds; ${instead}`,
    );
  } else {
    printWarning(
      ctx,
      `--qr: the QR code needs a terminal ${result.needs} columns wide, this one has ${columns}: ` +
        `widen it and run the command again, or ${instead}`,
    );
  }
}

/** The out-of-band invitation as a `didcomm://invite?oob=` link, the form wallets scan. */
export function invitationLink(invitation: unknown): string | undefined {
  if (!invitation || typeof invitation !== 'object') return undefined;
  return `didcomm://invite?oob=${Buffer.from(JSON.stringify(invitation)).toString('base64url')}`;
}
