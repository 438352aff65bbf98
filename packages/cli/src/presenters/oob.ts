import type { AcceptInvitationResult, OutOfBandRecord } from '@credential-agent/sdk';
import type { Style } from '../terminal/style.js';
import { fields } from './layout.js';

function endpoints(record: OutOfBandRecord): string | undefined {
  const services = record.outOfBandInvitation?.services ?? [];
  const list = services.map((s) => (typeof s === 'string' ? s : s.serviceEndpoint));
  return list.length ? list.join(', ') : undefined;
}

/** An out-of-band record as a summary. */
export function presentOutOfBandRecord(record: OutOfBandRecord, style: Style): string {
  return fields(
    [
      ['ID', record.id],
      ['State', record._tags?.state ?? record.state],
      ['Role', record._tags?.role ?? record.role],
      ['Created', record.createdAt],
      ['Reusable', record.reusable],
      ['Invitation', record.outOfBandInvitation?.['@id']],
      ['Label', record.outOfBandInvitation?.label],
      ['Endpoints', endpoints(record)],
    ],
    style,
  );
}

/** The connection made by accepting an invitation. */
export function presentAcceptedInvitation(result: AcceptInvitationResult, style: Style): string {
  const connection = result.connectionRecord;
  return fields(
    [
      ['Connection', connection?.id ?? '(connection-less invitation)'],
      ['State', connection?.state],
      ['DID', connection?.did],
      ['Out-of-band', result.outOfBandRecord.id],
      ['OOB state', result.outOfBandRecord._tags?.state ?? result.outOfBandRecord.state],
    ],
    style,
  );
}
