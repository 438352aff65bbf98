import type { CliContext } from '../context.js';
import { printWarning } from '../output.js';

/** Columns a QR code may take: the terminal's width, 80 when it does not say. */
function terminalColumns(): number {
  return process.stdout.columns || 80;
}

/**
 * The text as a QR code in Unicode half blocks (two rows of modules per line, light modules drawn,
 * with a light border of two modules), at the highest error correction that fits `columns`; or
 * the columns the smallest code would need (`needs: undefined` when no QR code holds the text,
 * as for a real agent's invitation carrying a credential offer).
 */
export async function halfBlockQr(
  text: string,
  columns: number,
): Promise<{ qr: string } | { needs: number | undefined }> {
  const { encode, renderUnicodeCompact } = await import('uqr');
  let needs: number | undefined;
  for (const ecc of ['M', 'L'] as const) {
    const options = { ecc, border: 2 };
    try {
      needs = encode(text, options).size;
    } catch (error) {
      // uqr's RangeError "Data too long": more than the largest QR code (version 40) holds.
      if (error instanceof RangeError) continue;
      throw error;
    }
    if (needs <= columns) return { qr: renderUnicodeCompact(text, options) };
  }
  return { needs };
}

/**
 * `--qr`: prints an invitation as a QR code a wallet can scan, on a terminal only. Never with
 * `--json` (stdout stays JSON) nor on a pipe (a warning says why).
 */
export async function printQr(ctx: CliContext, text: string | undefined): Promise<void> {
  if (ctx.globals.json || !text) return;
  if (!ctx.io.stdoutIsTTY) {
    printWarning(ctx, '--qr: stdout is not a terminal, so no QR code is printed');
    return;
  }
  const columns = terminalColumns();
  const result = await halfBlockQr(text, columns);
  if ('qr' in result) ctx.io.out(`\n${result.qr}\n`);
  else {
    const room =
      result.needs === undefined
        ? `(${Buffer.byteLength(text)} bytes: more than any QR code holds)`
        : `in ${columns} columns (it needs ${result.needs})`;
    printWarning(
      ctx,
      `--qr: the invitation is too long for a QR code ${room}; ` +
        'a short URL fits: agent-cli offers create --shorten-url --qr',
    );
  }
}

/** The out-of-band invitation as a `didcomm://invite?oob=` link, the form wallets scan. */
export function invitationLink(invitation: unknown): string | undefined {
  if (!invitation || typeof invitation !== 'object') return undefined;
  return `didcomm://invite?oob=${Buffer.from(JSON.stringify(invitation)).toString('base64url')}`;
}
