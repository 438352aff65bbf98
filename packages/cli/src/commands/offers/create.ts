import {
  CREDENTIAL_TYPES,
  type CredentialType,
  type OfferCreateParams,
  PROTOCOL_VERSIONS,
} from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors/usage-error.js';
import { presentOfferCreated } from '../../presenters/offers.js';
import { printQr } from '../../presenters/qr.js';
import { type Bind, flagOption, type RawInput, textOption } from '../../startup/actions.js';
import { EXAMPLES_HELP } from '../../startup/examples.js';
import { knownOption, knownOptionValue } from '../../startup/known-values.js';
import {
  type Attribute,
  attrOption,
  collectAttr,
  mergeFlags,
  readBodyFile,
  requireFields,
} from '../../terminal/input.js';
import { printData } from '../../terminal/output.js';

/** Options of `offers create`. */
export interface CreateOptions {
  file?: string | undefined;
  credentialType?: CredentialType | undefined;
  credDefId?: string | undefined;
  comment?: string | undefined;
  attr?: Attribute[] | undefined;
  protocolVersion?: OfferCreateParams['protocolVersion'];
  label?: string | undefined;
  goalCode?: string | undefined;
  /** Only when given: the file's `isShortenUrl` stands otherwise. */
  shortenUrl?: true | undefined;
  qr: boolean;
}

/** `agent-cli offers create`. */
export function registerCreate(group: Command, bind: Bind): void {
  group
    .command('create')
    .description('Create a shareable out-of-band credential offer (prints the invitation URL)')
    .option('--file <path>', 'JSON body (credential, attributes, …); - reads stdin; flags override it')
    .addOption(knownOption('--credential-type <type>', 'credential type', CREDENTIAL_TYPES))
    .option('--cred-def-id <id>', 'credential definition id')
    .option('--comment <text>', 'comment shown to the holder (left out when not given)')
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
      --credential-type jsonld --cred-def-id 'did:key:z6Mk…/cred-def' --attr name=Alice --json

${EXAMPLES_HELP}`,
    )
    .action(bind(parseCreateOptions, runCreate));
}

export function parseCreateOptions(raw: RawInput): CreateOptions {
  return {
    file: textOption(raw, 'file'),
    credentialType: knownOptionValue(raw, 'credentialType', CREDENTIAL_TYPES),
    credDefId: textOption(raw, 'credDefId'),
    comment: textOption(raw, 'comment'),
    attr: attrOption(raw.opts['attr']),
    protocolVersion: knownOptionValue(raw, 'protocolVersion', PROTOCOL_VERSIONS),
    label: textOption(raw, 'label'),
    goalCode: textOption(raw, 'goalCode'),
    shortenUrl: flagOption(raw, 'shortenUrl') || undefined,
    qr: flagOption(raw, 'qr'),
  };
}

const MISSING_CREDENTIAL =
  'missing "credential" in --file: the credential to offer, an object with @context, type, id, issuer, issuanceDate, expirationDate, credentialSubject and options (see examples/offer.json)';

export async function runCreate(ctx: CliContext, opts: CreateOptions): Promise<void> {
  const orgId = await ctx.org();
  const file = await readBodyFile(ctx, opts.file);
  const body = mergeFlags<OfferCreateParams>(
    // No comment unless one is given: the platform refuses `comment: ""`.
    { attributes: [], isShortenUrl: false, ...file },
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
  // No flag gives the credential itself: say what the file needs.
  if (body.credential === undefined) throw new UsageError(MISSING_CREDENTIAL);
  const result = await ctx.call('Creating the offer', (sdk, signal) =>
    sdk.org(orgId).offers.create(body, { signal }),
  );
  printData(ctx, result, presentOfferCreated);
  if (opts.qr) {
    const instead = opts.shortenUrl
      ? 'give the holder the invitation URL above'
      : 'give the holder the invitation URL above (--shorten-url asks for one short enough for a QR code next time)';
    await printQr(ctx, result.data.invitationUrl, instead);
  }
}
