import type * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise.js';
import { callOptions } from '../core/transport/call-options.js';
import { acceptEmailAnswer } from '../core/transport/email-answer.js';
import { path } from '../core/transport/path.js';
import type { RequestOptions, Transport } from '../core/transport/transport.js';
import { parseRequest } from '../core/validation/parse.js';
import { sendEmailBulk } from '../lib/bulk/send.js';
import type { BulkOptions, BulkResult, BulkRow } from '../lib/bulk/types.js';
import type { PreparedBulkEmail } from '../lib/bulk/validate.js';
import type { OrgResponse } from '../models/common.js';
import type { CredentialType } from '../models/enums.js';
import {
  type BulkEmailParams,
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
  credentialType?: CredentialType | undefined;
}

/** The offer calls' own option, besides the per-call ones. */
const OWN = /^credentialType$/;

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
   * const link = data.invitationUrl; // share it with the holder
   */
  create(params: OfferCreateParams, options?: OfferOptions): APIPromise<OrgResponse<OfferCreated>> {
    return this.transport.request(
      () => {
        const { credentialType } = callOptions(options, OWN) as OfferOptions;
        return {
          method: 'POST',
          path: path`orgs/${this.#orgId}/credentials/oob/offer`,
          query: parseRequest(OfferQuery, { credentialType: credentialType ?? params?.credentialType }),
          body: params,
          request: OfferCreateParams,
          response: OfferCreateResponse,
        };
      },
      options,
      OWN,
    );
  }

  /**
   * Creates out-of-band credential offers and e-mails them to their holders. Real deployments cap
   * the holders per request (10 on the demo configuration). It resolves only when the answer says
   * the e-mails were sent.
   * @throws {@link EmailNotSentError} when a 2xx answer says they were not (`success: false`,
   * `data: false`, or an `error` array): `inDoubt` false when it names every e-mail as failed
   * (safe to send again), true when some may have gone out.
   * @throws {@link ResponseValidationError} when the answer is not the service's (an HTML page from a
   * proxy, `{}`, a 204): the e-mails may or may not have gone out (treat them as in doubt).
   * @example
   * await agent.org(orgId).offers.sendByEmail({
   *   credentialType: 'jsonld', protocolVersion: 'v2', credentialDefinitionId,
   *   credentialOffer: [{ emailId: 'holder@example.com', credential, options }],
   * });
   */
  sendByEmail(
    params: OfferEmailParams,
    options?: OfferOptions,
  ): APIPromise<OrgResponse<true | Record<string, unknown>>> {
    // `data: false` never resolves: acceptEmailAnswer throws EmailNotSentError for it.
    return this.transport.request(
      () => {
        const { credentialType } = callOptions(options, OWN) as OfferOptions;
        const query = parseRequest(OfferQuery, { credentialType: credentialType ?? params?.credentialType });
        return { ...this.#emailRequest(params, query), request: OfferEmailParams };
      },
      options,
      OWN,
    ) as APIPromise<OrgResponse<true | Record<string, unknown>>>;
  }

  /** Sends an e-mail offer body that is valid already (the bulk helper checked it): no re-validation. */
  #sendChecked(params: z.output<typeof OfferEmailParams>, options: RequestOptions) {
    return this.transport.request(
      this.#emailRequest(params, { credentialType: params.credentialType }),
      options,
    );
  }

  /** The request of an e-mail offer body, with its checked query. */
  #emailRequest(
    params: OfferEmailParams | z.output<typeof OfferEmailParams>,
    query: z.output<typeof OfferQuery>,
  ) {
    const emails = Array.isArray(params?.credentialOffer)
      ? params.credentialOffer.map((o) => String(o?.emailId))
      : [];
    return {
      method: 'POST' as const,
      path: path`orgs/${this.#orgId}/credentials/oob/email`,
      query,
      body: params,
      response: OfferEmailResponse,
      accept: (data: OrgResponse<unknown>, answer: Parameters<typeof acceptEmailAnswer>[2]) =>
        acceptEmailAnswer(emails, data, answer),
    };
  }

  /**
   * Sends e-mail offers to any number of holders: streams `rows` into requests of `batchSize`
   * holders with at most `concurrency` in flight, backs off on 429, and yields one result per row.
   * Each row is checked once against the common body (`params`, or a {@link PreparedBulkEmail} from
   * {@link prepareBulkEmail}, whose valid verdicts are sent as they are: see
   * {@link validateBulkRows} for a dry run). Invalid rows are `failed` (not sent); rows of a request
   * that may have reached the service before failing are `failed` with `inDoubt: true` and never
   * resent (see {@link BulkOptions}).
   * @throws {@link RequestValidationError} for an invalid common body; the fatal error
   * ({@link AuthenticationError}, {@link PermissionDeniedError}) or {@link AbortError} after the
   * results gathered so far when the run stops before the end of `rows`.
   * @example
   * const rows = holders.map((h, i) => ({
   *   row: i + 2,
   *   offer: { emailId: h.email, attributes: [{ name: 'name', value: h.name }] },
   * }));
   * for await (const r of agent.org(orgId).offers.sendByEmailBulk(rows, {
   *   credentialType: 'indy', protocolVersion: 'v1', credentialDefinitionId, comment: 'Your badge',
   * }, { batchSize: 10, concurrency: 4 })) {
   *   if (r.status !== 'sent') failures.push(`row ${r.row} (${r.email}): ${r.error?.message}`);
   * }
   */
  sendByEmailBulk(
    rows: Iterable<BulkRow> | AsyncIterable<BulkRow>,
    params: BulkEmailParams | PreparedBulkEmail,
    options: BulkOptions = {},
  ): AsyncGenerator<BulkResult, void, undefined> {
    const request = { method: 'POST', path: path`orgs/${this.#orgId}/credentials/oob/email` };
    return sendEmailBulk((body, opts) => this.#sendChecked(body, opts), rows, params, options, request);
  }
}
