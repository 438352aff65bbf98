import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { presentOutOfBandRecord } from '../../presenters/oob.js';
import { invitationLink, printQr } from '../../presenters/qr.js';
import { argument, type Bind, flagOption, type RawInput } from '../../startup/actions.js';
import { printData } from '../../terminal/output.js';

/** Options of `oob get`. */
export interface GetOptions {
  id: string;
  qr: boolean;
}

/** `agent-cli oob get <id>`. */
export function registerGet(group: Command, bind: Bind): void {
  group
    .command('get')
    .description('Show an out-of-band record')
    .argument('<id>', 'out-of-band record id')
    .option('--qr', 'on a terminal, also print the invitation as a QR code')
    .addHelpText('after', '\nExample:\n  $ agent-cli oob get 5d0a7c1e-8a3b-4c52-9a57-1f3f7a0c9e21 --json')
    .action(bind(parseGetOptions, runGet));
}

export function parseGetOptions(raw: RawInput): GetOptions {
  return { id: argument(raw, 0), qr: flagOption(raw, 'qr') };
}

export async function runGet(ctx: CliContext, opts: GetOptions): Promise<void> {
  const record = await ctx.call('Fetching the out-of-band record', (sdk, signal) =>
    sdk.oob.get(opts.id, { signal }),
  );
  printData(ctx, record, presentOutOfBandRecord);
  if (opts.qr) {
    const instead = `send the holder the invitation (agent-cli oob get ${opts.id} --json prints it)`;
    await printQr(ctx, invitationLink(record.outOfBandInvitation), instead);
  }
}
