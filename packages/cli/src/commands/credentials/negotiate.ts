import { AUTO_ACCEPT_VALUES, type NegotiateOfferParams, PROTOCOL_VERSIONS } from '@credential-agent/sdk';
import { type Command, Option } from 'commander';
import type { CliContext } from '../../context.js';
import { mergeFlags, readBodyFile, requireFields } from '../../input.js';
import { knownOption } from '../../known-values.js';
import { printData } from '../../output.js';
import { presentCredentialRecord } from '../../presenters/credentials.js';

interface NegotiateOptions {
  file?: string;
  connectionId?: string;
  protocolVersion?: string;
  format?: 'jsonld' | 'indy' | 'anoncreds';
  comment?: string;
  autoAcceptCredential?: string;
}

/** `agent-cli credentials negotiate <recordId>`. */
export function registerNegotiate(group: Command, ctx: CliContext): void {
  group
    .command('negotiate')
    .description('Accept a credential offer as holder (sends accept-offer to the connection)')
    .argument('<recordId>', 'credential exchange record id (UUID)')
    .option('--file <path>', 'JSON body (credentialFormats, …); - reads stdin; flags override it')
    .option('--connection-id <id>', 'connection of the offer (UUID)')
    .addOption(
      knownOption('--protocol-version <version>', 'protocol version (default v2)', PROTOCOL_VERSIONS),
    )
    .addOption(
      new Option('--format <format>', 'credential format to accept (default jsonld)').choices([
        'jsonld',
        'indy',
        'anoncreds',
      ]),
    )
    .option('--comment <text>', 'comment for the issuer')
    .addOption(knownOption('--auto-accept-credential <mode>', 'when to accept', AUTO_ACCEPT_VALUES))
    .addHelpText(
      'after',
      `
Example:
  $ agent-cli credentials negotiate 9b2f4c1e-0d6a-4a8e-b1c2-3d4e5f607182 \\
      --connection-id 1c7e2a90-5b3d-4f6e-8a1b-2c3d4e5f6a7b --format jsonld`,
    )
    .action((recordId: string, opts: NegotiateOptions) => runNegotiate(ctx, recordId, opts));
}

export async function runNegotiate(ctx: CliContext, recordId: string, opts: NegotiateOptions): Promise<void> {
  const file = await readBodyFile(ctx, opts.file);
  const body = mergeFlags<NegotiateOfferParams>(
    { protocolVersion: 'v2', credentialFormats: { [opts.format ?? 'jsonld']: {} }, ...file },
    {
      credentialRecordId: recordId,
      connectionId: opts.connectionId,
      protocolVersion: opts.protocolVersion,
      credentialFormats: opts.format ? { [opts.format]: {} } : undefined,
      comment: opts.comment,
      autoAcceptCredential: opts.autoAcceptCredential,
    },
  );
  requireFields(body, { connectionId: '--connection-id' });
  const sdk = await ctx.sdk();
  const record = await ctx.spinner('Accepting the offer', () =>
    sdk.credentials.negotiateOffer(body, { signal: ctx.signal }),
  );
  printData(ctx, record, presentCredentialRecord);
}
