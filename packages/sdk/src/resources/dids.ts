import type { RequestOptions } from '../core/transport.js';
import { type DidResolutionResult, DidWriteParams, DidWriteResponse } from '../models/dids.js';
import { Resource } from './resource.js';

/** DID registration. */
export class Dids extends Resource {
  /**
   * Registers a DID (nym registration) and returns its resolution result. A raw registrar answer
   * (`{ didState: { did, didDocument } }`) is normalised to `{ did, didDocument }`.
   * @throws {@link RequestValidationError} when `keyType` or `method` is missing (nothing is sent).
   * @example
   * const { did } = await agent.dids.write({ method: 'key', keyType: 'ed25519' });
   */
  async write(params: DidWriteParams, options?: RequestOptions): Promise<DidResolutionResult> {
    return this.transport.request({
      method: 'POST',
      path: 'dids/write',
      body: params,
      request: DidWriteParams,
      response: DidWriteResponse,
      secrets: [params?.seed, params?.privatekey].filter((s): s is string => typeof s === 'string'),
      ...options,
    });
  }
}
