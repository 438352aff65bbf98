import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { printData } from '../../output.js';
import { presentOutOfBandRecord } from '../../presenters/oob.js';
import { invitationLink, printQr } from '../../presenters/qr.js';

/** `agent-cli oob get <id>`. */
export function registerGet(group: Command, ctx: CliContext): void {
  group
    .command('get')
    .description('Show an out-of-band record')
    .argument('<id>', 'out-of-band record id')
    .option('--qr', 'on a terminal, also print the invitation as a QR code')
    .addHelpText('after', '\nExample:\n  $ agent-cli oob get 5d0a7c1e-8a3b-4c52-9a57-1f3f7a0c9e21 --json')
    .action((id: string, opts: { qr?: boolean }) => runGet(ctx, id, opts));
}

export async function runGet(ctx: CliContext, id: string, opts: { qr?: boolean } = {}): Promise<void> {
  const sdk = await ctx.sdk();
  const record = await ctx.spinner('Fetching the out-of-band record', () =>
    sdk.oob.get(id, { signal: ctx.signal }),
  );
  printData(ctx, record, presentOutOfBandRecord);
  if (opts.qr) await printQr(ctx, invitationLink(record.outOfBandInvitation));
}
