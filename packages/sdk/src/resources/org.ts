import type { Transport } from '../core/transport/transport.js';
import { Offers } from './offers.js';
import { Proofs } from './proofs.js';

/** The calls that act within one organisation (`/orgs/{orgId}/…`). */
export class OrgScope {
  // Fields declared and set by the constructor (no field definitions in the bundle; core/errors.ts).
  /** The organisation's id. */
  declare readonly id: string;
  /** Out-of-band credential offers, shareable or by e-mail. */
  declare readonly offers: Offers;
  /** Proof requests. */
  declare readonly proofs: Proofs;
  /** @internal */
  constructor(transport: Transport, orgId: string) {
    this.id = orgId;
    this.offers = new Offers(transport, orgId);
    this.proofs = new Proofs(transport, orgId);
  }
}
