import type { AcceptInvitationParams } from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { presentAcceptedInvitation } from '../../presenters/oob.js';
import { argument, type Bind, type RawInput, textOption } from '../../startup/actions.js';
import { mergeFlags, readBodyFile } from '../../terminal/input.js';
import { printData } from '../../terminal/output.js';

/** The body fields `oob accept` takes as flags (a flag not given leaves the file's value). */
export interface AcceptFlags {
  label?: string;
  alias?: string;
  imageUrl?: string;
  mediatorId?: string;
  autoAcceptConnection?: true;
  reuseConnection?: true;
}

/** Options of `oob accept`. */
export interface AcceptOptions {
  id: string;
  file?: string | undefined;
  flags: AcceptFlags;
}

/** `agent-cli oob accept <id>`. */
export function registerAccept(group: Command, bind: Bind): void {
  group
    .command('accept')
    .description('Accept an invitation as invitee; prints the new connection')
    .argument('<id>', 'out-of-band record id of the invitation')
    .option('--file <path>', 'JSON body (autoAcceptConnection, reuseConnection, label, …); - reads stdin')
    .option('--label <label>', 'our label towards the inviter')
    .option('--alias <alias>', 'alias of the connection')
    .option('--image-url <url>', 'our image URL')
    .option('--mediator-id <id>', 'mediator to use')
    .option('--auto-accept-connection', 'accept the connection automatically')
    .option('--reuse-connection', 'reuse an existing connection with the inviter')
    .addHelpText(
      'after',
      '\nExample:\n  $ agent-cli oob accept 5d0a7c1e-8a3b-4c52-9a57-1f3f7a0c9e21 --label Alice --json',
    )
    .action(bind(parseAcceptOptions, runAccept));
}

export function parseAcceptOptions(raw: RawInput): AcceptOptions {
  const flags: AcceptFlags = {};
  for (const name of ['label', 'alias', 'imageUrl', 'mediatorId'] as const) {
    const value = textOption(raw, name);
    if (value !== undefined) flags[name] = value;
  }
  if (raw.opts['autoAcceptConnection'] === true) flags.autoAcceptConnection = true;
  if (raw.opts['reuseConnection'] === true) flags.reuseConnection = true;
  return { id: argument(raw, 0), file: textOption(raw, 'file'), flags };
}

export async function runAccept(ctx: CliContext, opts: AcceptOptions): Promise<void> {
  const body = mergeFlags<AcceptInvitationParams>(await readBodyFile(ctx, opts.file), { ...opts.flags });
  const result = await ctx.call('Accepting the invitation', (sdk, signal) =>
    sdk.oob.acceptInvitation(opts.id, body, { signal }),
  );
  printData(ctx, result, presentAcceptedInvitation);
}
