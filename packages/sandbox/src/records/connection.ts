import { randomPeerDid } from '../keys.js';
import { newRecord, type Timestamps } from './common.js';
import { invitationDid, type SandboxOutOfBandRecord } from './oob.js';

/** A connection record of RFC 0023, as the agent stores it. */
export interface SandboxConnectionRecord extends Timestamps {
  state: 'completed';
  role: 'requester' | 'responder';
  did: string;
  theirDid: string;
  theirLabel: string;
  invitationDid: string;
  outOfBandId: string;
  threadId: string;
  autoAcceptConnection: boolean;
  alias?: string;
  imageUrl?: string;
  mediatorId?: string;
  protocol: string;
  metadata: Record<string, unknown>;
  _tags: {
    state: 'completed';
    role: 'requester' | 'responder';
    did: string;
    theirDid: string;
    invitationDid: string;
    invitationKey: string;
    outOfBandId: string;
    threadId: string;
    verkey: string;
  };
}

/** Options of the invitee, as `accept-invitation` receives them. */
export interface InviteeOptions {
  label?: string | undefined;
  alias?: string | undefined;
  imageUrl?: string | undefined;
  mediatorId?: string | undefined;
  autoAcceptConnection?: boolean | undefined;
}

function side(
  oob: SandboxOutOfBandRecord,
  role: SandboxConnectionRecord['role'],
  dids: { did: string; theirDid: string; theirLabel: string },
  invitee: InviteeOptions,
): SandboxConnectionRecord {
  const key = invitationDid(oob);
  const threadId = oob.outOfBandInvitation['@id'];
  return {
    ...newRecord(),
    state: 'completed',
    role,
    ...dids,
    invitationDid: key,
    outOfBandId: oob.id,
    threadId,
    autoAcceptConnection: invitee.autoAcceptConnection ?? true,
    ...(role === 'requester' && invitee.alias !== undefined ? { alias: invitee.alias } : {}),
    ...(role === 'requester' && invitee.imageUrl !== undefined ? { imageUrl: invitee.imageUrl } : {}),
    ...(role === 'requester' && invitee.mediatorId !== undefined ? { mediatorId: invitee.mediatorId } : {}),
    protocol: 'https://didcomm.org/didexchange/1.1',
    metadata: {},
    _tags: {
      state: 'completed',
      role,
      did: dids.did,
      theirDid: dids.theirDid,
      invitationDid: key,
      invitationKey: key.slice('did:key:'.length),
      outOfBandId: oob.id,
      threadId,
      verkey: key.slice('did:key:'.length),
    },
  };
}

/**
 * Both ends of a completed DID exchange: the sandbox plays the issuer's agent and the holder's, so
 * accepting an invitation yields the invitee's connection (`requester`, returned to the caller) and
 * the inviter's (`responder`). Both point at the invitation's out-of-band record.
 */
export function connectionPair(
  oob: SandboxOutOfBandRecord,
  invitee: InviteeOptions,
): { holder: SandboxConnectionRecord; issuer: SandboxConnectionRecord } {
  const holderDid = randomPeerDid();
  const issuerDid = randomPeerDid();
  const holderLabel = invitee.label ?? 'Holder';
  const issuerLabel = oob.outOfBandInvitation.label;
  return {
    holder: side(oob, 'requester', { did: holderDid, theirDid: issuerDid, theirLabel: issuerLabel }, invitee),
    issuer: side(oob, 'responder', { did: issuerDid, theirDid: holderDid, theirLabel: holderLabel }, {}),
  };
}
