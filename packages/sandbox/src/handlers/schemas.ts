import { randomUUID } from 'node:crypto';
import { type HttpHandler, HttpResponse } from 'msw';
import type { SandboxContext } from '../context.js';
import { endpoint } from '../endpoint.js';
import { HttpError } from '../http.js';
import { type SandboxSchemaRecord, schemaRecord } from '../records/schema.js';

/** `SchemaCreateBody` of openapi.json. */
interface SchemaInput {
  issuerId: string;
  name: string;
  version: string;
  attributes: string[];
  endorse?: boolean;
  endorserDid?: string;
}

function result(jobId: string, schemaState: Record<string, unknown>) {
  return HttpResponse.json({ jobId, schemaState, schemaMetadata: {}, registrationMetadata: {} });
}

function finished(record: SandboxSchemaRecord) {
  const { schemaId, issuerId, name, version, attrNames } = record;
  return result(randomUUID(), {
    state: 'finished',
    schema: { issuerId, name, version, attrNames, schemaId },
  });
}

/**
 * `POST /schemas`. Registration finishes at once (shape 1 of the spec). `endorse: true` without an
 * `endorserDid` stops at `action: endorseIndyTransaction` and registers nothing; an issuer id that
 * is not a DID fails as real agents fail (500 "Schema creation failed. Reason: …"); the same name
 * and version for the same issuer again is a 409.
 */
export function schemaHandlers(ctx: SandboxContext): HttpHandler[] {
  const create = endpoint<SchemaInput>(
    ctx,
    { method: 'post', path: '/schemas', style: 'agent' },
    ({ body }) => {
      if (!body.issuerId.startsWith('did:')) {
        throw new HttpError(500, `Schema creation failed. Reason: issuerId ${body.issuerId} is not a DID`);
      }
      const record = schemaRecord(body);
      if (ctx.state.schemas.has(record.schemaId)) {
        throw new HttpError(
          409,
          `Schema ${record.name} ${record.version} already exists for ${record.issuerId}`,
        );
      }
      if (body.endorse === true && body.endorserDid === undefined) {
        const schemaRequest = JSON.stringify({
          operation: {
            type: '101',
            data: { name: record.name, version: record.version, attr_names: record.attrNames },
          },
          identifier: record.issuerId,
        });
        return result(randomUUID(), {
          state: 'action',
          action: 'endorseIndyTransaction',
          schemaRequest,
          schema: { schemaId: record.schemaId },
        });
      }
      ctx.state.addSchema(record);
      return finished(record);
    },
  );
  return [create];
}
