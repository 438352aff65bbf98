import { type APIPromise, answered, apiCall } from '../core/api-promise.js';
import { SchemaRegistrationError, ServerError } from '../core/errors.js';
import type { WithResponse } from '../core/response-info.js';
import type { RequestOptions } from '../core/transport/transport.js';
import { isRecord } from '../core/validation/is-record.js';
import { parseResponse, responseError } from '../core/validation/parse.js';
import {
  type PartialSchema,
  type SchemaCreated,
  SchemaCreateParams,
  SchemaCreateResponse,
} from '../models/schemas.js';
import { Resource } from './resource.js';

/** What either answer shape says, and where its schema id belongs (named when it is missing). */
interface Summary {
  state: string;
  schemaId: string | undefined;
  schema: PartialSchema | undefined;
  jobId: string | undefined;
  reason: string | undefined;
  action: string | undefined;
  /** The transaction an endorser must sign (state `action`), when the answer gave it. */
  schemaRequest: unknown;
  idPath: string;
}

/** Reads the state, schema, id, reason and action out of either response shape. */
function summarise(raw: SchemaCreateResponse): Summary {
  if ('schemaState' in raw) {
    const { jobId, schemaState: s } = raw;
    const { state, schema, reason, action } = s;
    const schemaId = s.schemaId ?? schema?.schemaId;
    const schemaRequest: unknown = Reflect.get(s, 'schemaRequest');
    return { state, schemaId, schema, jobId, reason, action, schemaRequest, idPath: 'schemaState.schemaId' };
  }
  const { state, schema } = raw;
  const schemaId = raw.schemaId ?? schema.schemaId;
  return {
    state,
    schemaId,
    schema,
    jobId: undefined,
    reason: undefined,
    action: undefined,
    schemaRequest: undefined,
    idPath: 'schemaId',
  };
}

/** The reason of a failed registration in the 500 body real agents send, if it is one. */
function failureReason(message: string): string | undefined {
  const m = /Schema creation failed\.?\s*(?:Reason:\s*)?(.*)$/is.exec(message);
  return m ? m[1]?.trim() || message : undefined;
}

function isParsable(body: unknown): boolean {
  return SchemaCreateResponse.safeParse(body).success;
}

/** Ledger schemas. */
export class Schemas extends Resource {
  /**
   * Creates a schema on the ledger and returns it once registration has finished, with its id.
   * @throws {@link SchemaRegistrationError} when registration failed (`state: 'failed'`, with the
   * reason), needs an action (`'action'`), or is still running (`'wait'`, HTTP 202).
   * @throws {@link ResponseValidationError} when the service says `finished` without a schema id.
   * @throws {@link RequestValidationError} for a version not like `1.0.0` or no attributes.
   * @example
   * const { schemaId } = await agent.schemas.create({
   *   issuerId: did, name: 'Employee', version: '1.0.0', attributes: ['name', 'role'],
   * });
   */
  create(params: SchemaCreateParams, options?: RequestOptions): APIPromise<SchemaCreated> {
    return apiCall(() => this.#create(params, options));
  }

  async #create(params: SchemaCreateParams, options?: RequestOptions): Promise<WithResponse<SchemaCreated>> {
    const answer = await this.transport
      .send(
        {
          method: 'POST',
          path: 'schemas',
          agentRoute: true,
          body: params,
          request: SchemaCreateParams,
        },
        options,
      )
      .catch((error: unknown) => {
        const reason = error instanceof ServerError ? failureReason(error.message) : undefined;
        if (reason === undefined) throw error;
        throw new SchemaRegistrationError(`Schema registration failed: ${reason}`, {
          method: 'POST',
          path: (error as ServerError).path,
          state: 'failed',
          reason,
          result: (error as ServerError).body,
          cause: error,
        });
      });
    // The ledger may echo the token in a reason, an action or its answer: the error scrubs them.
    const { secrets } = answer;
    // Named by the path sent (anoncreds/schemas on a line 2.1 agent).
    const sent = { method: 'POST', path: answer.path };
    if (answer.status === 202 && !isParsable(answer.body)) {
      const jobId: unknown = isRecord(answer.body) ? answer.body['jobId'] : undefined;
      throw new SchemaRegistrationError('Schema registration is still running (HTTP 202)', {
        ...sent,
        state: 'wait',
        jobId: typeof jobId === 'string' ? jobId : undefined,
        result: answer.body,
        secrets,
      });
    }
    const info = { ...sent, status: answer.status, secrets };
    const raw = parseResponse(SchemaCreateResponse, answer.body, info, answer.deadline);
    const { state, schemaId, schema, jobId, reason, action, schemaRequest, idPath } = summarise(raw);
    if (state === 'finished' && answer.status !== 202) {
      if (schemaId !== undefined) return answered({ state, schemaId, schema, jobId, raw }, answer);
      const issue = {
        path: idPath,
        message: 'is required once registration has finished',
        code: 'invalid_type' as const,
        expected: 'string',
        received: 'undefined',
      };
      throw responseError(info, [issue], answer.body);
    }
    const shown = answer.status === 202 && state === 'finished' ? 'wait' : state;
    const detail = reason ?? action ?? (shown === 'wait' ? 'still running' : 'not finished');
    throw new SchemaRegistrationError(`Schema registration ${shown}: ${detail}`, {
      ...sent,
      state: shown,
      reason,
      action,
      jobId,
      schemaId,
      schemaRequest,
      result: raw,
      secrets,
    });
  }
}
