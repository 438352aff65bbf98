import type { OrgResponse, ProofExchangeRecord } from '@credential-agent/sdk';
import type { Style } from '../terminal/style.js';
import { fields } from './layout.js';

/** A sent proof request: the proof record the service started (the SDK checked its id). */
export function presentProofRequested(result: OrgResponse<ProofExchangeRecord>, style: Style): string {
  return fields(
    [
      ['Proof record', result.data.id],
      ['State', result.data.state],
      ['Thread', result.data.threadId],
      ['Message', result.message ?? 'proof request sent'],
    ],
    style,
  );
}
