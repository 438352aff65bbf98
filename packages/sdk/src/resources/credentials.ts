import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/transport/transport.js';
import { parseRequest } from '../core/validation/parse.js';
import {
  type CredentialExchangeRecord,
  CredentialExchangeRecordList,
  CredentialExchangeRecord as CredentialExchangeRecordSchema,
  CredentialListParams,
  NegotiateOfferParams,
} from '../models/credentials.js';
import { Resource } from './resource.js';

/** Credential exchange records. */
export class Credentials extends Resource {
  /**
   * Lists credential exchange records, optionally filtered. The service has no paging: every
   * matching record comes back, in storage order.
   * @throws {@link RequestValidationError} for an unknown filter.
   * @example
   * const offered = await agent.credentials.list({ state: 'offer-sent' });
   */
  list(filters: CredentialListParams = {}, options?: RequestOptions): APIPromise<CredentialExchangeRecord[]> {
    return this.transport.request(
      () => ({
        method: 'GET',
        path: 'credentials',
        agentRoute: true,
        query: parseRequest(CredentialListParams, filters, 'filters'),
        response: CredentialExchangeRecordList,
      }),
      options,
    );
  }

  /**
   * Accepts (or negotiates) a credential offer as holder.
   * @throws {@link RequestValidationError} when the ids are not UUIDs (nothing is sent).
   * @example
   * await agent.credentials.negotiateOffer({
   *   protocolVersion: 'v2', credentialRecordId, connectionId, credentialFormats: { jsonld: {} },
   * });
   */
  negotiateOffer(
    params: NegotiateOfferParams,
    options?: RequestOptions,
  ): APIPromise<CredentialExchangeRecord> {
    return this.transport.request(
      {
        method: 'POST',
        path: 'credentials/negotiate-offer',
        agentRoute: true,
        body: params,
        request: NegotiateOfferParams,
        response: CredentialExchangeRecordSchema,
      },
      options,
    );
  }
}
