import { randomUUID } from 'node:crypto';
import { newRecord, type Timestamps, transition } from './common.js';

/** Credential exchange states of RFC 0036 / RFC 0453. */
export type SandboxCredentialState =
  | 'proposal-sent'
  | 'proposal-received'
  | 'offer-sent'
  | 'offer-received'
  | 'declined'
  | 'request-sent'
  | 'request-received'
  | 'credential-issued'
  | 'credential-received'
  | 'done'
  | 'abandoned';

/** A `{ mime-type, name, value }` attribute of a credential preview. */
export interface CredentialAttribute {
  'mime-type': string;
  name: string;
  value: string;
}

/** A credential exchange record as the agent stores it. */
export interface SandboxCredentialRecord extends Timestamps {
  state: SandboxCredentialState;
  role: 'issuer' | 'holder';
  threadId: string;
  parentThreadId?: string;
  connectionId?: string;
  protocolVersion: string;
  autoAcceptCredential?: string;
  credentials: { credentialRecordType: string; credentialRecordId: string }[];
  credentialAttributes: CredentialAttribute[];
  metadata: Record<string, unknown>;
  _tags: {
    state: SandboxCredentialState;
    role: 'issuer' | 'holder';
    threadId: string;
    parentThreadId?: string;
    connectionId?: string;
    credentialIds: string[];
  };
}

/** What both sides of an exchange share. */
export interface ExchangeInput {
  threadId: string;
  protocolVersion: string;
  attributes: { name: string; value: string }[];
  parentThreadId?: string | undefined;
  autoAcceptCredential?: string | undefined;
  connectionId?: string | undefined;
}

/** A fresh exchange record of one side. */
export function credentialRecord(
  role: SandboxCredentialRecord['role'],
  state: SandboxCredentialState,
  input: ExchangeInput,
): SandboxCredentialRecord {
  const { threadId, parentThreadId, connectionId } = input;
  const links = {
    ...(parentThreadId === undefined ? {} : { parentThreadId }),
    ...(connectionId === undefined ? {} : { connectionId }),
  };
  return {
    ...newRecord(),
    state,
    role,
    threadId,
    ...links,
    protocolVersion: input.protocolVersion,
    ...(input.autoAcceptCredential === undefined ? {} : { autoAcceptCredential: input.autoAcceptCredential }),
    credentials: [],
    credentialAttributes: input.attributes.map((a) => ({ 'mime-type': 'text/plain', ...a })),
    metadata: {},
    _tags: { state, role, threadId, ...links, credentialIds: [] },
  };
}

/** Ties an exchange record to its side's connection. */
export function linkConnection(record: SandboxCredentialRecord, connectionId: string): void {
  record.connectionId = connectionId;
  record._tags.connectionId = connectionId;
}

/** Issues the credential: the issuer ends `done`, and the holder stores it and ends `done`. */
export function completeExchange(issuer: SandboxCredentialRecord, holder: SandboxCredentialRecord): void {
  transition(issuer, 'credential-issued');
  transition(holder, 'credential-received');
  const stored = { credentialRecordType: 'w3c', credentialRecordId: randomUUID() };
  holder.credentials.push(stored);
  holder._tags.credentialIds.push(stored.credentialRecordId);
  transition(issuer, 'done');
  transition(holder, 'done');
}

/** Turns a JSON-LD credential subject into preview attributes (its `id` is not an attribute). */
export function subjectAttributes(
  subject: Record<string, unknown> | undefined,
): { name: string; value: string }[] {
  return Object.entries(subject ?? {})
    .filter(([name]) => name !== 'id')
    .map(([name, value]) => ({ name, value: typeof value === 'string' ? value : JSON.stringify(value) }));
}
