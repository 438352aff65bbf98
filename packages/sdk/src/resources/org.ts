import type { Transport } from '../core/transport.js';
import { Offers } from './offers.js';
import { Proofs } from './proofs.js';

/** The calls that act within one organisation (`/orgs/{orgId}/…`). */
export class OrgScope {
  /** The organisation's id. */
  readonly id: string;
  /** Out-of-band credential offers, shareable or by e-mail. */
  readonly offers: Offers;
  /** Proof requests. */
  readonly proofs: Proofs;
  /** @internal */
  constructor(transport: Transport, orgId: string) {
    this.id = orgId;
    this.offers = new Offers(transport, orgId);
    this.proofs = new Proofs(transport, orgId);
  }
}
