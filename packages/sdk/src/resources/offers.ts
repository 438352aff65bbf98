import { parseRequest } from '../core/parse.js';
import { path } from '../core/path.js';
import type { RequestOptions, Transport } from '../core/transport.js';
import type { CredentialType, OrgResponse } from '../models/common.js';
import {
  type OfferCreated,
  OfferCreateParams,
  OfferCreateResponse,
  OfferEmailParams,
  OfferEmailResponse,
  OfferQuery,
} from '../models/offers.js';
import { Resource } from './resource.js';

/** Options of the offer calls: the `credentialType` query defaults to the body's `credentialType`. */
export interface OfferOptions extends RequestOptions {
  credentialType?: CredentialType;
}

/** Out-of-band credential offers of one organisation. */
export class Offers extends Resource {
  readonly #orgId: string;
  /** @internal */
  constructor(transport: Transport, orgId: string) {
    super(transport);
    this.#orgId = orgId;
  }

  /**
   * Creates a shareable out-of-band credential offer; `data.invitationUrl` is the link to share.
   * @throws {@link PermissionDeniedError} when the user has no role in the organisation.
   * @example
   * const { data } = await agent.org(orgId).offers.create({
   *   credentialType: 'jsonld', credentialDefinitionId, comment: 'Welcome', attributes: [],
   *   isShortenUrl: false, credential,
   * });
   * console.log(data.invitationUrl);
   */
  create(params: OfferCreateParams, options: OfferOptions = {}): Promise<OrgResponse<OfferCreated>> {
    const { credentialType, ...rest } = options;
    const query = parseRequest(OfferQuery, { credentialType: credentialType ?? params?.credentialType });
    return this.transport.request({
      method: 'POST',
      path: path`orgs/${this.#orgId}/credentials/oob/offer`,
      query,
      body: params,
      request: OfferCreateParams,
      response: OfferCreateResponse,
      ...rest,
    });
  }

  /**
   * Creates out-of-band credential offers and e-mails them to their holders. Real deployments cap
   * the holders per request (10 on the demo configuration).
   * @example
   * await agent.org(orgId).offers.sendByEmail({
   *   credentialType: 'jsonld', protocolVersion: 'v2', credentialDefinitionId, comment: '',
   *   credentialOffer: [{ emailId: 'holder@example.com', credential, options }],
   * });
   */
  sendByEmail(
    params: OfferEmailParams,
    options: OfferOptions = {},
  ): Promise<OrgResponse<boolean | Record<string, unknown>>> {
    const { credentialType, ...rest } = options;
    const query = parseRequest(OfferQuery, { credentialType: credentialType ?? params?.credentialType });
    return this.transport.request({
      method: 'POST',
      path: path`orgs/${this.#orgId}/credentials/oob/email`,
      query,
      body: params,
      request: OfferEmailParams,
      response: OfferEmailResponse,
      ...rest,
    });
  }
}
