import type { APIPromise } from '../core/api-promise.js';
import { path } from '../core/transport/path.js';
import type { RequestOptions } from '../core/transport/transport.js';
import { parseRequest } from '../core/validation/parse.js';
import { Id } from '../models/common.js';
import { AcceptInvitationParams, AcceptInvitationResult, OutOfBandRecord } from '../models/oob.js';
import { Resource } from './resource.js';

/** Out-of-band records and invitations. */
export class OutOfBand extends Resource {
  /**
   * Retrieves an out-of-band record by id.
   * @throws {@link NotFoundError} when there is no such record.
   * @example
   * const record = await agent.oob.get('c7a1…');
   * const state = record._tags?.state; // e.g. 'await-response'
   */
  get(outOfBandId: string, options?: RequestOptions): APIPromise<OutOfBandRecord> {
    return this.transport.request(
      () => ({
        method: 'GET',
        path: path`oob/${parseRequest(Id, outOfBandId, 'outOfBandId')}`,
        agentRoute: true,
        response: OutOfBandRecord,
      }),
      options,
    );
  }

  /**
   * Accepts an invitation as invitee: sends a connection request and returns the new connection.
   * `connectionRecord` is absent for connection-less invitations.
   * @throws {@link NotFoundError} when there is no such out-of-band record.
   * @example
   * const { connectionRecord } = await agent.oob.acceptInvitation(oobId, { label: 'Alice' });
   */
  acceptInvitation(
    outOfBandId: string,
    params: AcceptInvitationParams = {},
    options?: RequestOptions,
  ): APIPromise<AcceptInvitationResult> {
    return this.transport.request(
      () => ({
        method: 'POST',
        path: path`oob/${parseRequest(Id, outOfBandId, 'outOfBandId')}/accept-invitation`,
        agentRoute: true,
        body: params,
        request: AcceptInvitationParams,
        response: AcceptInvitationResult,
      }),
      options,
    );
  }
}
