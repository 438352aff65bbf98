import { type APIPromise, answered, apiCall } from '../core/api-promise.js';
import { DidRegistrationError } from '../core/errors.js';
import type { RequestOptions } from '../core/transport/transport.js';
import type { Received } from '../core/transport-types.js';
import { parseResponse } from '../core/validation/parse.js';
import { type DidResolutionResult, DidWriteParams, DidWriteResponse } from '../models/dids.js';
import { Resource } from './resource.js';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The error for a registrar answer whose `didState.state` is not `finished`, if it is one. */
function unfinished({ body, secrets, path }: Received): DidRegistrationError | undefined {
  const didState = (body as { didState?: Record<string, unknown> } | null)?.didState;
  const state = text(didState?.['state']);
  if (state === undefined || state === 'finished') return undefined;
  const reason = text(didState?.['reason']);
  const action = text(didState?.['action']);
  return new DidRegistrationError(`DID registration ${state}: ${reason ?? action ?? 'not finished'}`, {
    method: 'POST',
    path,
    state,
    jobId: text((body as { jobId?: unknown }).jobId),
    did: text(didState?.['did']),
    reason,
    action,
    result: body,
    secrets,
  });
}

/** DID registration. */
export class Dids extends Resource {
  /**
   * Registers a DID (nym registration) and returns its resolution result. A raw registrar answer
   * (`{ didState: { did, didDocument } }`) is normalised to `{ did, didDocument }`.
   * @throws {@link DidRegistrationError} when the registrar's `didState.state` is not `finished`
   * (`failed`, with its `reason`; `action`; `wait`).
   * @throws {@link RequestValidationError} when `keyType` or `method` is missing (nothing is sent).
   * @example
   * const { did } = await agent.dids.write({ method: 'key', keyType: 'ed25519' });
   */
  write(params: DidWriteParams, options?: RequestOptions): APIPromise<DidResolutionResult> {
    return apiCall(async () => {
      // A registrar may echo the token or the seed in its answer: the error scrubs them.
      const answer = await this.transport.send(
        {
          method: 'POST',
          path: 'dids/write',
          agentRoute: true,
          body: params,
          request: DidWriteParams,
          secrets: [params?.seed, params?.privatekey].filter((s): s is string => typeof s === 'string'),
        },
        options,
      );
      const failure = unfinished(answer);
      if (failure) throw failure;
      const info = { method: 'POST', path: answer.path, status: answer.status, secrets: answer.secrets };
      return answered(parseResponse(DidWriteResponse, answer.body, info, answer.deadline), answer);
    });
  }
}
