import { AUTO_ACCEPT_VALUES, type NegotiateOfferParams, PROTOCOL_VERSIONS } from '@credential-agent/sdk';
import { type Command, Option } from 'commander';
import { argument, type Bind, type RawInput, textOption } from '../../actions.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { mergeFlags, readBodyFile } from '../../input.js';
import { knownOption } from '../../known-values.js';
import { printData } from '../../output.js';
import { presentCredentialRecord } from '../../presenters/credentials.js';

const FORMATS = ['jsonld', 'indy', 'anoncreds'] as const;
type Format = (typeof FORMATS)[number];

/** Options of `credentials negotiate`. */
export interface NegotiateOptions {
  recordId: string;
  file?: string | undefined;
  connectionId?: string | undefined;
  protocolVersion?: string | undefined;
  format?: Format | undefined;
  comment?: string | undefined;
  autoAcceptCredential?: string | undefined;
}

/** `agent-cli credentials negotiate <recordId>`. */
export function registerNegotiate(group: Command, bind: Bind): void {
  group
    .command('negotiate')
    .description('Accept a credential offer as holder (sends accept-offer to the connection)')
    .argument('<recordId>', 'credential exchange record id (UUID)')
    .option('--file <path>', 'JSON body (credentialFormats, …); - reads stdin; flags override it')
    .option('--connection-id <id>', "connection of the offer (UUID; default: the record's)")
    .addOption(
      knownOption('--protocol-version <version>', 'protocol version (default v2)', PROTOCOL_VERSIONS),
    )
    .addOption(
      new Option('--format <format>', 'credential format to accept (default jsonld)').choices(FORMATS),
    )
    .option('--comment <text>', 'comment for the issuer')
    .addOption(knownOption('--auto-accept-credential <mode>', 'when to accept', AUTO_ACCEPT_VALUES))
    .addHelpText(
      'after',
      `
Example:
  $ agent-cli credentials negotiate 9b2f4c1e-0d6a-4a8e-b1c2-3d4e5f607182 --format jsonld`,
    )
    .action(bind(parseNegotiateOptions, runNegotiate));
}

function formatOf(value: string | undefined): Format | undefined {
  const format = FORMATS.find((f) => f === value);
  if (value !== undefined && format === undefined) {
    throw new UsageError(`--format: expected one of ${FORMATS.join(', ')}, got "${value}"`);
  }
  return format;
}

export function parseNegotiateOptions(raw: RawInput): NegotiateOptions {
  return {
    recordId: argument(raw, 0),
    file: textOption(raw, 'file'),
    connectionId: textOption(raw, 'connectionId'),
    protocolVersion: textOption(raw, 'protocolVersion'),
    format: formatOf(textOption(raw, 'format')),
    comment: textOption(raw, 'comment'),
    autoAcceptCredential: textOption(raw, 'autoAcceptCredential'),
  };
}

export async function runNegotiate(ctx: CliContext, opts: NegotiateOptions): Promise<void> {
  const file = await readBodyFile(ctx, opts.file);
  const body = mergeFlags<NegotiateOfferParams>(
    { protocolVersion: 'v2', credentialFormats: { [opts.format ?? 'jsonld']: {} }, ...file },
    {
      credentialRecordId: opts.recordId,
      connectionId: opts.connectionId,
      protocolVersion: opts.protocolVersion,
      credentialFormats: opts.format ? { [opts.format]: {} } : undefined,
      comment: opts.comment,
      autoAcceptCredential: opts.autoAcceptCredential,
    },
  );
  const record = await ctx.call('Accepting the offer', async (sdk, signal) => {
    // The record names its connection: look it up when neither --connection-id nor the file gives
    // one. A value given, even empty, is the caller's: the SDK checks it before anything is sent.
    if (body.connectionId === undefined) {
      const records = await sdk.credentials.list({}, { signal });
      const connectionId = records.find((r) => r.id === opts.recordId)?.connectionId;
      if (!connectionId) {
        throw new UsageError(
          `credential record ${opts.recordId} ${connectionId === undefined ? 'was not found' : 'names no connection'}: pass --connection-id`,
        );
      }
      body.connectionId = connectionId;
    }
    return sdk.credentials.negotiateOffer(body, { signal });
  });
  printData(ctx, record, presentCredentialRecord);
}
