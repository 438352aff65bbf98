import { ProofRequestParams, ProofRequestQuery } from '@credential-agent/sdk/models';
import type { HttpHandler } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { created, HttpError } from '../http.js';
import { proofRequestRecord } from '../records/proof.js';

/** `POST /orgs/{orgId}/proofs`: stores the verifier's record in `request-sent` and answers it. */
export function proofHandlers(ctx: SandboxContext): HttpHandler[] {
  const request = endpoint(
    ctx,
    {
      method: 'post',
      path: '/orgs/:orgId/proofs',
      style: 'gateway',
      body: ProofRequestParams,
      query: ProofRequestQuery,
    },
    ({ body, query }) => {
      if (!ctx.state.connections.has(body.connectionId)) throw new HttpError(404, 'Connection not found');
      const { autoAcceptProof } = body;
      const record = proofRequestRecord({
        ...body,
        requestType: query.requestType,
        autoAcceptProof: typeof autoAcceptProof === 'string' ? autoAcceptProof : undefined,
      });
      ctx.state.proofs.set(record.id, record);
      return created('Proof request sent successfully', record);
    },
  );
  return [request];
}
