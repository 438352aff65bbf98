import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ResponseValidationError,
  SchemaRegistrationError,
  ServerError,
} from '../../src/index.js';
import { rejectionOf, signedInClient, TOKEN } from '../support/client.js';
import { describeErrorAnswers, expectNothingSent } from '../support/error-cases.js';
import * as params from '../support/params.js';
import { ledgerSchema, SCHEMA_ID, schemaFlat, schemaRegistration } from '../support/records.js';
import { type Reply, useMockService } from '../support/server.js';

const service = useMockService();
const create = (reply: Reply) => {
  service.on('POST', '/schemas', reply);
  return signedInClient().client.schemas.create(params.schemaCreate.minimal);
};
const registrationError = async (reply: Reply) =>
  (await rejectionOf(() => create(reply))) as SchemaRegistrationError;

describe('schemas.create', () => {
  it('posts the required fields and returns the finished schema with its id', async () => {
    const body = schemaRegistration({ state: 'finished', schema: ledgerSchema({ schemaId: SCHEMA_ID }) });
    const result = await create({ json: body });
    expect(service.only()).toEqual({
      method: 'POST',
      path: '/schemas',
      query: {},
      authorization: `Bearer ${TOKEN}`,
      contentType: 'application/json',
      body: params.schemaCreate.minimal,
    });
    expect(result).toEqual({
      state: 'finished',
      schemaId: SCHEMA_ID,
      schema: ledgerSchema({ schemaId: SCHEMA_ID }),
      jobId: 'job-1',
      raw: body,
    });
  });

  it('posts every field it is given', async () => {
    service.on('POST', '/schemas', { json: schemaFlat() });
    await signedInClient().client.schemas.create(params.schemaCreate.full);
    expect(service.only().body).toEqual(params.schemaCreate.full);
  });

  it('reads the schema id of the flat answer shape from beside the schema', async () => {
    const body = schemaFlat({ schema: ledgerSchema() });
    const result = await create({ json: body });
    expect(result).toMatchObject({ state: 'finished', schemaId: SCHEMA_ID, jobId: undefined, raw: body });
  });

  it('accepts the finished variant that carries only the schema id', async () => {
    const result = await create({
      json: schemaRegistration({ state: 'finished', schema: { schemaId: SCHEMA_ID } }),
    });
    expect(result.schemaId).toBe(SCHEMA_ID);
  });

  it('reads the schema id a real agent puts beside the schema, inside schemaState', async () => {
    // credo-controller's RegisterSchemaReturnStateFinished: { state, schema, schemaId }.
    const body = schemaRegistration({ state: 'finished', schema: ledgerSchema(), schemaId: SCHEMA_ID });
    const result = await create({ json: body });
    expect(result).toEqual({
      state: 'finished',
      schemaId: SCHEMA_ID,
      schema: ledgerSchema(),
      jobId: 'job-1',
      raw: body,
    });
  });

  it.each([
    [
      'registration',
      'schemaState.schemaId',
      schemaRegistration({ state: 'finished', schema: ledgerSchema() }),
    ],
    ['registration without schema', 'schemaState.schemaId', schemaRegistration({ state: 'finished' })],
    ['flat', 'schemaId', schemaFlat({ schema: ledgerSchema(), schemaId: undefined })],
  ])('refuses a finished %s answer without any schema id, naming %s', async (_shape, path, body) => {
    const error = await rejectionOf(() => create({ json: body }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toEqual([
      {
        path,
        message: 'is required once registration has finished',
        code: 'invalid_type',
        expected: 'string',
        received: 'undefined',
      },
    ]);
    expect((error as ResponseValidationError).body).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it('throws SchemaRegistrationError with the action when the ledger wants one', async () => {
    const body = schemaRegistration({
      state: 'action',
      action: 'sign-transaction',
      schema: { schemaId: SCHEMA_ID },
    });
    const error = await registrationError({ json: body });
    expect(error).toBeInstanceOf(SchemaRegistrationError);
    expect(error).toMatchObject({
      state: 'action',
      action: 'sign-transaction',
      reason: undefined,
      result: body,
    });
    expect(error.message).toBe('Schema registration action: sign-transaction');
  });

  it('throws SchemaRegistrationError with the reason when the 200 answer says failed', async () => {
    const body = schemaRegistration({ state: 'failed', reason: 'ledger rejected the transaction' });
    const error = await registrationError({ json: body });
    expect(error).toMatchObject({ state: 'failed', reason: 'ledger rejected the transaction', result: body });
  });

  it("throws SchemaRegistrationError 'wait' when the service answers 202", async () => {
    const error = await registrationError({ status: 202, json: { jobId: 'job-7' } });
    expect(error).toBeInstanceOf(SchemaRegistrationError);
    expect(error).toMatchObject({ state: 'wait', result: { jobId: 'job-7' } });
  });

  it("throws SchemaRegistrationError 'wait' for a 202 that carries a registration result", async () => {
    const body = schemaRegistration({ state: 'wait', schema: { schemaId: SCHEMA_ID } });
    const error = await registrationError({ status: 202, json: body });
    expect(error).toMatchObject({ state: 'wait', result: body });
  });

  it("turns the real 500 'Schema creation failed' into SchemaRegistrationError 'failed' with the reason", async () => {
    const body = { message: 'Schema creation failed. Reason: issuer DID not found on ledger' };
    const error = await registrationError({ status: 500, json: body });
    expect(error).toMatchObject({ state: 'failed', reason: 'issuer DID not found on ledger', result: body });
    expect(error.cause).toBeInstanceOf(ServerError);
    expect(service.requests).toHaveLength(1);
  });

  it('keeps any other 500 a ServerError', async () => {
    const error = await rejectionOf(() =>
      create({ status: 500, json: { message: 'CredoError: ledger down' } }),
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('CredoError: ledger down');
  });

  it('keeps unknown fields in the raw result', async () => {
    const body = schemaFlat({ ledgerTxn: 42 });
    expect((await create({ json: body })).raw).toEqual(body);
  });

  it('maps the agent 422 with details to BadRequestError listing the field errors', async () => {
    const body = {
      message: 'Validation Failed',
      details: { 'schema.issuerId': { message: "'issuerId' is required" } },
    };
    const error = await rejectionOf(() => create({ status: 422, json: body }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toBe("Validation Failed: schema.issuerId: 'issuerId' is required");
    expect((error as BadRequestError).fieldErrors).toEqual([
      {
        path: 'schema.issuerId',
        message: "'issuerId' is required",
        code: 'invalid_type',
        received: 'undefined',
      },
    ]);
    expect(error).toMatchObject({ status: 422, body });
  });

  it('rejects a version not like 1.0.0 before sending anything', async () => {
    const call = () =>
      signedInClient().client.schemas.create({ ...params.schemaCreate.minimal, version: '1.0' });
    const error = await rejectionOf(call);
    expectNothingSent(error, 'version');
    expect(error.message).toBe('Invalid request: version: must look like 1.0.0');
  });

  it('rejects an empty attribute list before sending anything', async () => {
    const call = () =>
      signedInClient().client.schemas.create({ ...params.schemaCreate.minimal, attributes: [] });
    expectNothingSent(await rejectionOf(call), 'attributes');
  });
});

describeErrorAnswers({
  name: 'schemas.create',
  method: 'POST',
  route: '/schemas',
  invoke: (client) => client.schemas.create(params.schemaCreate.minimal),
  malformed: { body: { state: 'finished' }, issuePath: 'schema' },
});
