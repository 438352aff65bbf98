import type {
  CredentialType,
  EmailOfferItem,
  OfferEmailParams,
  ProtocolVersion,
} from '@credential-agent/sdk';
import { UsageError } from '../../errors/usage-error.js';
import { type Body, mergeFlags, requireFields } from '../../terminal/input.js';

/** The flags of `offers email` that set body fields. */
export interface EmailBodyFlags {
  email?: string[];
  credentialType?: CredentialType;
  credDefId?: string;
  comment?: string;
  protocolVersion?: ProtocolVersion;
  attr?: { name: string; value: string }[];
}

function fileOffers(file: Body): EmailOfferItem[] {
  const list = file['credentialOffer'];
  return Array.isArray(list) ? (list as EmailOfferItem[]) : [];
}

/**
 * The offer each holder gets: the file's first `credentialOffer` element (its credential, options
 * and attributes) without its address, with `--attr` replacing the attributes.
 */
export function offerTemplate(file: Body, attr: EmailBodyFlags['attr']): Omit<EmailOfferItem, 'emailId'> {
  const { emailId: _ignored, ...template } = fileOffers(file)[0] ?? { emailId: '' };
  return attr ? { ...template, attributes: attr } : template;
}

/**
 * The body of `offers email`: the file's fields, with flags laid over them. `--email` (repeatable)
 * replaces the file's recipients, each holder getting a copy of {@link offerTemplate}.
 * @throws {@link UsageError} naming the flag of a missing field.
 */
export function emailBody(file: Body, flags: EmailBodyFlags): OfferEmailParams {
  const template = offerTemplate(file, flags.attr);
  const offers = flags.email
    ? flags.email.map((emailId) => ({ ...template, emailId }))
    : fileOffers(file).map((item) => (flags.attr ? { ...item, attributes: flags.attr } : item));
  const body = mergeFlags<OfferEmailParams>(
    // No comment unless one is given: the platform refuses `comment: ""`. v2 carries indy and jsonld.
    { protocolVersion: 'v2', ...file },
    {
      credentialOffer: offers.length ? offers : undefined,
      credentialType: flags.credentialType,
      credentialDefinitionId: flags.credDefId,
      comment: flags.comment,
      protocolVersion: flags.protocolVersion,
    },
  );
  requireFields(body, {
    credentialOffer: '--email',
    credentialType: '--credential-type',
    credentialDefinitionId: '--cred-def-id',
  });
  refuseDuplicates(recipients(body), flags.email ? '--email' : '--file credentialOffer emailId');
  return body;
}

/** A holder listed twice would get two e-mails. @throws {@link UsageError} naming the address. */
function refuseDuplicates(addresses: readonly string[], given: string): void {
  const seen = new Set<string>();
  for (const address of addresses) {
    const key = String(address).trim().toLowerCase();
    if (seen.has(key)) throw new UsageError(`${given} ${address} is given more than once`);
    seen.add(key);
  }
}

/** The addresses of a body, for the summary. */
export function recipients(body: OfferEmailParams): string[] {
  return body.credentialOffer.map((item) => item.emailId);
}
