import { randomUUID } from 'node:crypto';
import { randomDidKey } from '../keys.js';
import { newRecord, type Timestamps } from './common.js';

/** Out-of-band record states (`await-response` until the invitee answers, then `done`). */
export type OutOfBandState = 'initial' | 'await-response' | 'prepare-response' | 'done';

/** A DIDComm service of an invitation. */
export interface InvitationService {
  id: string;
  serviceEndpoint: string;
  type: string;
  recipientKeys: string[];
  routingKeys: string[];
}

/** The out-of-band invitation message, with the credential offer attached. */
export interface SandboxOutOfBandInvitation {
  '@type': string;
  '@id': string;
  label: string;
  accept: string[];
  handshake_protocols: string[];
  services: InvitationService[];
  imageUrl?: string;
  goal_code?: string;
  'requests~attach': { '@id': string; 'mime-type': string; data: { json: Record<string, unknown> } }[];
}

/** An out-of-band record as the agent stores it. */
export interface SandboxOutOfBandRecord extends Timestamps {
  role: 'sender' | 'receiver';
  state: OutOfBandState;
  reusable: boolean;
  autoAcceptConnection: boolean;
  metadata: Record<string, unknown>;
  outOfBandInvitation: SandboxOutOfBandInvitation;
  _tags: {
    invitationId: string;
    recipientKeyFingerprints: string[];
    role: 'sender' | 'receiver';
    state: OutOfBandState;
    threadId: string;
  };
}

/** What an invitation carrying a credential offer is made of. */
export interface InvitationInput {
  baseUrl: string;
  label: string;
  threadId: string;
  comment?: string | undefined;
  attributes: { name: string; value: string }[];
  imageUrl?: string | undefined;
  goalCode?: string | undefined;
}

function invitation(input: InvitationInput, recipientKey: string): SandboxOutOfBandInvitation {
  const offer = {
    '@type': 'https://didcomm.org/issue-credential/2.0/offer-credential',
    '@id': input.threadId,
    ...(input.comment === undefined ? {} : { comment: input.comment }),
    credential_preview: {
      '@type': 'https://didcomm.org/issue-credential/2.0/credential-preview',
      attributes: input.attributes.map((a) => ({ 'mime-type': 'text/plain', ...a })),
    },
  };
  return {
    '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
    '@id': randomUUID(),
    label: input.label,
    accept: ['didcomm/aip1', 'didcomm/aip2;env=rfc19'],
    handshake_protocols: ['https://didcomm.org/didexchange/1.1', 'https://didcomm.org/connections/1.0'],
    services: [
      {
        id: '#inline-0',
        serviceEndpoint: `${input.baseUrl}/didcomm`,
        type: 'did-communication',
        recipientKeys: [recipientKey],
        routingKeys: [],
      },
    ],
    ...(input.imageUrl === undefined ? {} : { imageUrl: input.imageUrl }),
    ...(input.goalCode === undefined ? {} : { goal_code: input.goalCode }),
    'requests~attach': [{ '@id': 'request-0', 'mime-type': 'application/json', data: { json: offer } }],
  };
}

/** A sender's out-of-band record in `await-response`, with a fresh recipient key. */
export function senderOutOfBand(input: InvitationInput): SandboxOutOfBandRecord {
  const recipientKey = randomDidKey();
  const message = invitation(input, recipientKey);
  return {
    ...newRecord(),
    role: 'sender',
    state: 'await-response',
    reusable: false,
    autoAcceptConnection: true,
    metadata: {},
    outOfBandInvitation: message,
    _tags: {
      invitationId: message['@id'],
      recipientKeyFingerprints: [recipientKey.slice('did:key:'.length)],
      role: 'sender',
      state: 'await-response',
      threadId: message['@id'],
    },
  };
}

/** The thread of the credential offer attached to an invitation, which the holder answers on. */
export function offerThreadId(record: SandboxOutOfBandRecord): string | undefined {
  const id = record.outOfBandInvitation['requests~attach'][0]?.data.json['@id'];
  return typeof id === 'string' ? id : undefined;
}

/** The recipient key of an invitation, which is also its invitation DID here. */
export function invitationDid(record: SandboxOutOfBandRecord): string {
  return record.outOfBandInvitation.services[0]?.recipientKeys[0] ?? '';
}

/** The shareable link of an invitation: the message, base64url-encoded, in the `oob` query. */
export function invitationUrl(baseUrl: string, record: SandboxOutOfBandRecord): string {
  const encoded = Buffer.from(JSON.stringify(record.outOfBandInvitation)).toString('base64url');
  return `${baseUrl}/invitation?oob=${encoded}`;
}
