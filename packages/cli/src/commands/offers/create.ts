import { CREDENTIAL_TYPES, type OfferCreateParams, PROTOCOL_VERSIONS } from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { collectAttr, mergeFlags, readBodyFile, requireFields } from '../../input.js';
import { knownOption } from '../../known-values.js';
import { printData } from '../../output.js';
import { presentOfferCreated } from '../../presenters/offers.js';
import { printQr } from '../../presenters/qr.js';

interface CreateOptions {
  file?: string;
  credentialType?: string;
  credDefId?: string;
  comment?: string;
  attr?: { name: string; value: string }[];
  protocolVersion?: string;
  label?: string;
  goalCode?: string;
  shortenUrl?: boolean;
  qr?: boolean;
}

/** `agent-cli offers create`. */
export function registerCreate(group: Command, ctx: CliContext): void {
  group
    .command('create')
    .description('Create a shareable out-of-band credential offer (prints the invitation URL)')
    .option('--file <path>', 'JSON body (credential, attributes, …); - reads stdin; flags override it')
    .addOption(knownOption('--credential-type <type>', 'credential type', CREDENTIAL_TYPES))
    .option('--cred-def-id <id>', 'credential definition id')
    .option('--comment <text>', 'comment shown to the holder')
    .option('--attr <name=value>', 'credential attribute; repeat for more', collectAttr)
    .addOption(knownOption('--protocol-version <version>', 'protocol version', PROTOCOL_VERSIONS))
    .option('--label <label>', 'label of the invitation')
    .option('--goal-code <code>', 'goal code')
    .option('--shorten-url', 'ask for a short invitation URL')
    .option('--qr', 'on a terminal, also print the invitation URL as a QR code')
    .addHelpText(
      'after',
      `
Example:
  $ agent-cli offers create --org 3fa85f64-5717-4562-b3fc-2c963f66afa6 --file offer.json \\
      --credential-type jsonld --cred-def-id 'did:key:z6Mk…/cred-def' --attr name=Alice --json`,
    )
    .action((opts: CreateOptions) => runCreate(ctx, opts));
}

export async function runCreate(ctx: CliContext, opts: CreateOptions): Promise<void> {
  const orgId = await ctx.org();
  const file = await readBodyFile(ctx, opts.file);
  const body = mergeFlags<OfferCreateParams>(
    { comment: '', attributes: [], isShortenUrl: false, ...file },
    {
      credentialType: opts.credentialType,
      credentialDefinitionId: opts.credDefId,
      comment: opts.comment,
      attributes: opts.attr,
      protocolVersion: opts.protocolVersion,
      label: opts.label,
      goalCode: opts.goalCode,
      isShortenUrl: opts.shortenUrl,
    },
  );
  requireFields(body, { credentialType: '--credential-type', credentialDefinitionId: '--cred-def-id' });
  const sdk = await ctx.sdk();
  const result = await ctx.spinner('Creating the offer', () =>
    sdk.org(orgId).offers.create(body, { signal: ctx.signal }),
  );
  printData(ctx, result, presentOfferCreated);
  if (opts.qr) await printQr(ctx, result.data.invitationUrl);
}
