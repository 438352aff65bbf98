import type { OfferCreated, OrgResponse } from '@credential-agent/sdk';
import type { Style } from '../terminal/style.js';
import { fields } from './layout.js';

/**
 * A created shareable offer: the link to share first. With `--shorten-url` that is the short
 * invitation URL; the long `deepLinkURL` it redirects to stays in `--json`.
 */
export function presentOfferCreated(result: OrgResponse<OfferCreated>, style: Style): string {
  const data = result.data;
  return fields(
    [
      ['Invitation URL', data.invitationUrl ?? data.deepLinkURL],
      ['Out-of-band ID', data.outOfBandRecordId ?? data.outOfBandRecord?.id],
      ['Thread ID', data.credentialRequestThId],
      ['Invitation DID', data.invitationDid],
      ['Message', result.message],
    ],
    style,
  );
}

/** The outcome of sending offers by e-mail. */
export function presentOffersEmailed(
  result: OrgResponse<true | Record<string, unknown>>,
  recipients: readonly string[],
  style: Style,
): string {
  const who = recipients.length === 1 ? '1 holder' : `${recipients.length} holders`;
  return fields(
    [
      ['Sent to', `${who}: ${recipients.join(', ')}`],
      ['Message', result.message],
    ],
    style,
  );
}
