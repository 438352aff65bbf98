import type { APIPromise } from '../core/api-promise.js';
import { callOptions } from '../core/transport/call-options.js';
import { path } from '../core/transport/path.js';
import type { RequestOptions, Transport } from '../core/transport/transport.js';
import { parseRequest } from '../core/validation/parse.js';
import type { OrgResponse } from '../models/common.js';
import type { RequestEnum } from '../models/enums.js';
import {
  type PROOF_REQUEST_TYPES,
  type ProofExchangeRecord,
  ProofRequestParams,
  ProofRequestQuery,
  ProofRequestResponse,
} from '../models/proofs.js';
import { Resource } from './resource.js';

/** Options of `proofs.request`: the required `requestType` query. */
export interface ProofRequestOptions extends RequestOptions {
  requestType: RequestEnum<typeof PROOF_REQUEST_TYPES>;
}

/** The proof request's own option, besides the per-call ones. */
const OWN = /^requestType$/;

/** Proof requests of one organisation. */
export class Proofs extends Resource {
  readonly #orgId: string;
  /** @internal */
  constructor(transport: Transport, orgId: string) {
    super(transport);
    this.#orgId = orgId;
  }

  /**
   * Sends a proof request to a connection and returns the proof exchange record it started, in the
   * `/orgs` envelope: `data.id` is the proof record's id.
   * @throws {@link RequestValidationError} when `requestType` or a required field is missing.
   * @throws {@link ResponseValidationError} when the answer's `data` is not a record with an `id`
   * (`true`, a bare string): the request may have been sent.
   * @example
   * const { data } = await agent.org(orgId).proofs.request(
   *   { connectionId, proofFormats: { presentationDefinition: { input_descriptors: [] } } },
   *   { requestType: 'presentationExchange' },
   * );
   * const { id, state } = data; // state e.g. 'request-sent'
   */
  request(
    params: ProofRequestParams,
    options: ProofRequestOptions,
  ): APIPromise<OrgResponse<ProofExchangeRecord>> {
    return this.transport.request(
      () => {
        const { requestType } = callOptions(options, OWN);
        return {
          method: 'POST',
          path: path`orgs/${this.#orgId}/proofs`,
          query: parseRequest(ProofRequestQuery, { requestType }),
          body: params,
          request: ProofRequestParams,
          response: ProofRequestResponse,
        };
      },
      options,
      OWN,
    );
  }
}
