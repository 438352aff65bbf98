import { randomUUID } from 'node:crypto';
import { newRecord, type Timestamps } from './common.js';

/** Proof exchange states seen on real agents. */
export type ProofState =
  | 'proposal-sent'
  | 'proposal-received'
  | 'request-sent'
  | 'request-received'
  | 'presentation-sent'
  | 'presentation-received'
  | 'declined'
  | 'abandoned'
  | 'done';

/** A proof exchange record as the agent stores it. */
export interface SandboxProofRecord extends Timestamps {
  state: ProofState;
  role: 'verifier' | 'prover';
  connectionId: string;
  threadId: string;
  parentThreadId?: string;
  protocolVersion: string;
  requestType: string;
  comment?: string;
  goalCode?: string;
  autoAcceptProof?: string;
  proofFormats: Record<string, unknown>;
  metadata: Record<string, unknown>;
  _tags: { state: ProofState; role: 'verifier' | 'prover'; connectionId: string; threadId: string };
}

/** What a verifier sends. */
export interface ProofRequestInput {
  connectionId: string;
  requestType: string;
  proofFormats: Record<string, unknown>;
  protocolVersion?: string | undefined;
  parentThreadId?: string | undefined;
  comment?: string | undefined;
  goalCode?: string | undefined;
  autoAcceptProof?: string | undefined;
}

/** A verifier's proof record in `request-sent`. Presentation exchange needs protocol v2. */
export function proofRequestRecord(input: ProofRequestInput): SandboxProofRecord {
  const threadId = randomUUID();
  const { connectionId } = input;
  const optional = {
    ...(input.parentThreadId === undefined ? {} : { parentThreadId: input.parentThreadId }),
    ...(input.comment === undefined ? {} : { comment: input.comment }),
    ...(input.goalCode === undefined ? {} : { goalCode: input.goalCode }),
    ...(input.autoAcceptProof === undefined ? {} : { autoAcceptProof: input.autoAcceptProof }),
  };
  return {
    ...newRecord(),
    state: 'request-sent',
    role: 'verifier',
    connectionId,
    threadId,
    ...optional,
    protocolVersion: input.protocolVersion ?? (input.requestType === 'indy' ? 'v1' : 'v2'),
    requestType: input.requestType,
    proofFormats: input.proofFormats,
    metadata: {},
    _tags: { state: 'request-sent', role: 'verifier', connectionId, threadId },
  };
}
