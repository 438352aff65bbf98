import type { OrgResponse } from '@credential-agent/sdk';
import type { Style } from '../style.js';
import { fields } from './layout.js';

function field(data: unknown, key: string): unknown {
  return data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
}

/** A sent proof request: the record's id and state when the service returned them. */
export function presentProofRequested(result: OrgResponse<unknown>, style: Style): string {
  return fields(
    [
      ['Proof record', field(result.data, 'id')],
      ['State', field(result.data, 'state')],
      ['Thread', field(result.data, 'threadId')],
      ['Message', result.message ?? 'proof request sent'],
    ],
    style,
  );
}
