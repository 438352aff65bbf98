import { AUTO_ACCEPT_VALUES, type NegotiateOfferParams, PROTOCOL_VERSIONS } from '@credential-agent/sdk';
import { type Command, Option } from 'commander';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors/usage-error.js';
import { presentCredentialRecord } from '../../presenters/credentials.js';
import { argument, type Bind, type RawInput, textOption } from '../../startup/actions.js';
import { knownOption, knownOptionValue } from '../../startup/known-values.js';
import { mergeFlags, readBodyFile } from '../../terminal/input.js';
import { printData } from '../../terminal/output.js';

const FORMATS = ['jsonld', 'indy', 'anoncreds'] as const;
type Format = (typeof FORMATS)[number];

/** Options of `credentials negotiate`. */
export interface NegotiateOptions {
  recordId: string;
  file?: string | undefined;
  connectionId?: string | undefined;
  protocolVersion?: NegotiateOfferParams['protocolVersion'] | undefined;
  format?: Format | undefined;
  comment?: string | undefined;
  autoAcceptCredential?: NegotiateOfferParams['autoAcceptCredential'];
}

/** `agent-cli credentials negotiate <recordId>`. */
export function registerNegotiate(group: Command, bind: Bind): void {
  group
    .command('negotiate')
    .description('Accept a credential offer as holder (sends accept-offer to the connection)')
    .argument(
      '<recordId>',
      'credential exchange record id (UUID), or a unique prefix of 8+ characters as a table shows it',
    )
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
    protocolVersion: knownOptionValue(raw, 'protocolVersion', PROTOCOL_VERSIONS),
    format: formatOf(textOption(raw, 'format')),
    comment: textOption(raw, 'comment'),
    autoAcceptCredential: knownOptionValue(raw, 'autoAcceptCredential', AUTO_ACCEPT_VALUES),
  };
}

export async function runNegotiate(ctx: CliContext, opts: NegotiateOptions): Promise<void> {
  checkRecordArg(opts.recordId);
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
    // The service has no GET of one record: the list is read when the id is shortened (as an
    // 80-column table shows it) or when neither --connection-id nor the file names the connection.
    // A value given, even empty, is the caller's: the SDK checks it before anything is sent.
    if (body.connectionId !== undefined && FULL_ID.test(opts.recordId)) {
      return sdk.credentials.negotiateOffer(body, { signal });
    }
    const found = resolveRecord(await sdk.credentials.list({}, { signal }), opts.recordId);
    body.credentialRecordId = found.id;
    if (body.connectionId === undefined) {
      if (!found.connectionId) {
        throw new UsageError(
          `credential record ${found.id} names no connection (an out-of-band offer has none until a holder accepts it): pass --connection-id`,
        );
      }
      body.connectionId = found.connectionId;
    }
    return sdk.credentials.negotiateOffer(body, { signal });
  });
  printData(ctx, record, presentCredentialRecord);
}

const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MIN_PREFIX = 8;

/** @throws {@link UsageError} naming `<recordId>` when it is neither a UUID nor a long enough prefix of one. */
function checkRecordArg(given: string): void {
  if (!FULL_ID.test(given) && (given.length < MIN_PREFIX || !/^[0-9a-f-]+$/i.test(given))) {
    throw new UsageError(
      `<recordId>: must be a UUID or a unique prefix of at least ${MIN_PREFIX} of its characters, got "${given}"`,
    );
  }
}

/**
 * The record `given` names: its full id, or a unique prefix of at least {@link MIN_PREFIX}
 * characters (like git). @throws {@link UsageError} when it matches nothing, or several (listing them).
 */
function resolveRecord<R extends { id: string }>(records: readonly R[], given: string): R {
  if (FULL_ID.test(given)) {
    const exact = records.find((r) => r.id.toLowerCase() === given.toLowerCase());
    if (!exact) throw new UsageError(`credential record ${given} was not found`);
    return exact;
  }
  const matches = records.filter((r) => r.id.toLowerCase().startsWith(given.toLowerCase()));
  if (matches.length === 0) throw new UsageError(`no credential record id starts with "${given}"`);
  if (matches.length > 1) {
    throw new UsageError(
      `"${given}" is the start of ${matches.length} credential record ids: ${matches.map((r) => r.id).join(', ')}; give more of it`,
    );
  }
  return matches[0] as R;
}
