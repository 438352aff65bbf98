import { SchemaRegistrationError, ServerError } from '../core/errors.js';
import { parseResponse } from '../core/parse.js';
import type { RequestOptions } from '../core/transport.js';
import {
  type SchemaCreated,
  SchemaCreateParams,
  SchemaCreateResponse,
  schemaFailureReason,
  summariseSchemaResult,
} from '../models/schemas.js';
import { Resource } from './resource.js';

/** Ledger schemas. */
export class Schemas extends Resource {
  /**
   * Creates a schema on the ledger and returns it once registration has finished.
   * @throws {@link SchemaRegistrationError} when registration failed (`state: 'failed'`, with the
   * reason), needs an action (`'action'`), or is still running (`'wait'`, HTTP 202).
   * @throws {@link RequestValidationError} for a version not like `1.0.0` or no attributes.
   * @example
   * const { schemaId } = await agent.schemas.create({
   *   issuerId: did, name: 'Employee', version: '1.0.0', attributes: ['name', 'role'],
   * });
   */
  async create(params: SchemaCreateParams, options?: RequestOptions): Promise<SchemaCreated> {
    const raw = await this.transport
      .send({
        method: 'POST',
        path: 'schemas',
        body: params,
        request: SchemaCreateParams,
        ...options,
      })
      .catch((error: unknown) => {
        const reason = error instanceof ServerError ? schemaFailureReason(error.message) : undefined;
        if (reason === undefined) throw error;
        throw new SchemaRegistrationError(`Schema registration failed: ${reason}`, {
          state: 'failed',
          reason,
          result: (error as ServerError).body,
          cause: error,
        });
      });
    if (raw.status === 202 && !isParsable(raw.body)) {
      throw new SchemaRegistrationError('Schema registration is still running (HTTP 202)', {
        state: 'wait',
        result: raw.body,
      });
    }
    const { reason, action, ...result } = summariseSchemaResult(
      parseResponse(SchemaCreateResponse, raw.body, { method: 'POST', path: 'schemas', status: raw.status }),
    );
    if (result.state === 'finished' && raw.status !== 202) return result;
    const state = raw.status === 202 && result.state === 'finished' ? 'wait' : result.state;
    const detail = reason ?? action ?? (state === 'wait' ? 'still running' : 'not finished');
    throw new SchemaRegistrationError(`Schema registration ${state}: ${detail}`, {
      state,
      reason,
      action,
      result: result.raw,
    });
  }
}

function isParsable(body: unknown): boolean {
  return SchemaCreateResponse.safeParse(body).success;
}
