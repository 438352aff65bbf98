import { ProofRequestParams, ProofRequestQuery } from '@credential-agent/sdk/models';
import type { HttpHandler } from 'msw';
import * as z from 'zod';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { AgentFailure, created } from '../http.js';
import { proofRequestRecord } from '../records/proof.js';

/**
 * The real platform reads `presentationDefinition` at the top level of the body (a sibling of
 * `proofFormats`), so the platform flavour accepts it there too.
 */
const PlatformProofRequest = ProofRequestParams.extend({
  proofFormats: ProofRequestParams.shape.proofFormats.partial(),
  presentationDefinition: z.unknown().optional(),
});

/** `POST /orgs/{orgId}/proofs`: stores the verifier's record in `request-sent` and answers it. */
export function proofHandlers(ctx: SandboxContext): HttpHandler[] {
  const request = endpoint(
    ctx,
    {
      method: 'post',
      path: '/orgs/:orgId/proofs',
      style: 'gateway',
      body: ProofRequestParams,
      platformBody: PlatformProofRequest as unknown as typeof ProofRequestParams,
      query: ProofRequestQuery,
    },
    ({ body, query }) => {
      if (!ctx.state.connections.has(body.connectionId)) {
        const agentSays = `ConnectionRecord: record with id ${body.connectionId} not found.`;
        throw new AgentFailure(404, 'Connection not found', agentSays);
      }
      const { autoAcceptProof } = body;
      const record = proofRequestRecord({
        ...body,
        requestType: query.requestType,
        autoAcceptProof: typeof autoAcceptProof === 'string' ? autoAcceptProof : undefined,
      });
      ctx.state.addProof(record);
      return created('Proof request sent successfully', record);
    },
  );
  return [request];
}
