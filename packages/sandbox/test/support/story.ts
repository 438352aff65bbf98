import type { AgentClient } from '@credential-agent/sdk';
import { offerParams } from './params.js';

/** An offer the holder has accepted: the thread, the holder's connection and both exchange records. */
export interface AcceptedOffer {
  threadId: string;
  outOfBandId: string;
  connectionId: string;
  holderRecordId: string;
}

/** Creates an offer (optionally under a parent thread) and accepts its invitation. */
export async function acceptedOffer(agent: AgentClient, parentThreadId?: string): Promise<AcceptedOffer> {
  const { data } = await agent.org().offers.create(offerParams(parentThreadId ? { parentThreadId } : {}));
  const outOfBandId = data.outOfBandRecordId ?? '';
  const { connectionRecord } = await agent.oob.acceptInvitation(outOfBandId);
  const connectionId = connectionRecord?.id ?? '';
  const [holder] = await agent.credentials.list({ connectionId });
  return {
    threadId: data.credentialRequestThId ?? '',
    outOfBandId,
    connectionId,
    holderRecordId: holder?.id ?? '',
  };
}
