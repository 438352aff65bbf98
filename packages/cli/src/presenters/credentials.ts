import type { CredentialExchangeRecord } from '@credential-agent/sdk';
import type { Style } from '../terminal/style.js';
import { cell, fields, table } from './layout.js';

function stateOf(record: CredentialExchangeRecord): string | undefined {
  return record.state ?? record._tags?.state;
}

/** Credential exchange records as a table. */
export function presentCredentialList(records: CredentialExchangeRecord[], style: Style): string {
  const rows = records.map((r) => [
    r.id,
    cell(stateOf(r)),
    cell(r.role),
    cell(r.connectionId ?? r._tags?.connectionId),
    cell(r.threadId ?? r._tags?.threadId),
    cell(r.createdAt),
  ]);
  return table(
    [
      ['ID', 'id'],
      ['STATE', 'word'],
      ['ROLE', 'word'],
      ['CONNECTION', 'id'],
      ['THREAD', 'id'],
      ['CREATED', 'date'],
    ],
    rows,
    style,
    'No credential records.',
  );
}

/** One credential exchange record as a summary. */
export function presentCredentialRecord(record: CredentialExchangeRecord, style: Style): string {
  const attributes = (record.credentialAttributes ?? []).map((a) => `${a.name ?? '?'}=${cell(a.value)}`);
  return fields(
    [
      ['ID', record.id],
      ['State', stateOf(record)],
      ['Role', record.role],
      ['Connection', record.connectionId],
      ['Thread', record.threadId],
      ['Protocol', record.protocolVersion],
      ['Attributes', attributes.length ? attributes.join(', ') : undefined],
    ],
    style,
  );
}
