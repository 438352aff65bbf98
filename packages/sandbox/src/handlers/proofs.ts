import type { HttpHandler } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { AgentFailure, badRequest, created } from '../http.js';
import { proofRequestRecord } from '../records/proof.js';

/**
 * `SpecProofRequestBody` and `PlatformProofRequestBody` of openapi.json: the platform reads
 * `presentationDefinition` at the top level of the body (a sibling of `proofFormats`).
 */
interface ProofRequestBody {
  connectionId: string;
  proofFormats: Record<string, unknown>;
  presentationDefinition?: unknown;
  protocolVersion?: string;
  parentThreadId?: string;
  comment?: string;
  goalCode?: string;
  autoAcceptProof?: unknown;
}

/** `POST /orgs/{orgId}/proofs`: stores the verifier's record in `request-sent` and answers it. */
export function proofHandlers(ctx: SandboxContext): HttpHandler[] {
  const request = endpoint<ProofRequestBody, { requestType: string }>(
    ctx,
    { method: 'post', path: '/orgs/:orgId/proofs', style: 'gateway' },
    ({ body, query }) => {
      const { presentationDefinition, autoAcceptProof, ...rest } = body;
      // The real platform builds a presentation-exchange request from the top-level definition
      // only, and refuses the request before it looks up the connection when there is none.
      if (ctx.flavor === 'platform' && query.requestType === 'presentationExchange') {
        if (presentationDefinition === undefined) {
          return badRequest('gateway', [
            'presentationDefinition is required: send it at the top level of the body, beside proofFormats',
          ]);
        }
      }
      if (!ctx.state.connections.has(body.connectionId)) {
        const agentSays = `ConnectionRecord: record with id ${body.connectionId} not found.`;
        throw new AgentFailure(404, 'Connection not found', agentSays);
      }
      const proofFormats =
        presentationDefinition === undefined
          ? rest.proofFormats
          : { ...rest.proofFormats, presentationDefinition };
      const record = proofRequestRecord({
        ...rest,
        proofFormats,
        requestType: query.requestType,
        autoAcceptProof: typeof autoAcceptProof === 'string' ? autoAcceptProof : undefined,
      });
      ctx.state.addProof(record);
      return created('Proof request sent successfully', record);
    },
  );
  return [request];
}
