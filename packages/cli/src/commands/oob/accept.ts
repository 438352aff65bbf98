import type { AcceptInvitationParams } from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { mergeFlags, readBodyFile } from '../../input.js';
import { printData } from '../../output.js';
import { presentAcceptedInvitation } from '../../presenters/oob.js';

interface AcceptOptions {
  file?: string;
  label?: string;
  alias?: string;
  imageUrl?: string;
  mediatorId?: string;
  autoAcceptConnection?: boolean;
  reuseConnection?: boolean;
}

/** `agent-cli oob accept <id>`. */
export function registerAccept(group: Command, ctx: CliContext): void {
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
    .action((id: string, opts: AcceptOptions) => runAccept(ctx, id, opts));
}

export async function runAccept(ctx: CliContext, id: string, opts: AcceptOptions): Promise<void> {
  const { file, ...flags } = opts;
  const body = mergeFlags<AcceptInvitationParams>(await readBodyFile(ctx, file), flags);
  const sdk = await ctx.sdk();
  const result = await ctx.spinner('Accepting the invitation', () =>
    sdk.oob.acceptInvitation(id, body, { signal: ctx.signal }),
  );
  printData(ctx, result, presentAcceptedInvitation);
}
