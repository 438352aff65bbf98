import { createRequire } from 'node:module';
import { type Kms, TypedArrayEncoder } from '@credo-ts/core';
import { type DidCommOutOfBandRecord, DidCommOutOfBandRepository } from '@credo-ts/didcomm';
import type Sodium from 'libsodium-wrappers';
import type { CredoAgent } from './agent.js';
import { type Call, type Route, ValidationFailure } from './controller.js';

const sodium = createRequire(import.meta.url)('libsodium-wrappers') as typeof Sodium;

/** A record as credo-controller returns it: Credo's own `toJSON()`. */
function json(record: { toJSON(): Record<string, unknown> }): Record<string, unknown> {
  return record.toJSON();
}

const ok = (body: unknown) => ({ status: 200, body });

function text(call: Call, name: string): string | undefined {
  const value = call.body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new ValidationFailure({ [`body.${name}`]: { message: 'invalid string value' } });
  return value;
}

function flag(call: Call, name: string): boolean | undefined {
  const value = call.body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean')
    throw new ValidationFailure({ [`body.${name}`]: { message: 'invalid boolean value' } });
  return value;
}

/** The query filters credo-controller passes to `findAllByQuery`, the ones given. */
function filters(call: Call, names: readonly string[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of names) {
    const value = call.query.get(name);
    if (value !== null) query[name] = value;
  }
  return query;
}

function oobAnswer(
  outOfBandRecord: DidCommOutOfBandRecord,
  connectionRecord?: { toJSON(): Record<string, unknown> },
) {
  return ok({
    outOfBandRecord: json(outOfBandRecord),
    ...(connectionRecord ? { connectionRecord: json(connectionRecord) } : {}),
  });
}

/** `POST /dids/write` for `method: key` (the one method that needs no ledger). */
async function writeDid(agent: CredoAgent, call: Call) {
  if (text(call, 'method') !== 'key') {
    return {
      status: 500,
      body: {
        message: `CredoError: method ${String(call.body['method'])} needs a ledger this agent has not got`,
      },
    };
  }
  const keyType = text(call, 'keyType') ?? 'ed25519';
  if (keyType !== 'ed25519')
    return { status: 500, body: { message: `CredoError: keyType ${keyType} is not supported` } };
  const seed = text(call, 'seed');
  let keyId: string;
  if (seed) {
    if (Buffer.byteLength(seed) !== 32)
      throw new ValidationFailure({ 'body.seed': { message: 'seed must be 32 bytes' } });
    const pair = sodium.crypto_sign_seed_keypair(Buffer.from(seed));
    const privateJwk: Kms.KmsJwkPrivateOkp = {
      kty: 'OKP',
      crv: 'Ed25519',
      d: TypedArrayEncoder.toBase64URL(Buffer.from(seed)),
      x: TypedArrayEncoder.toBase64URL(pair.publicKey),
    };
    ({ keyId } = await agent.kms.importKey({ privateJwk }));
  } else {
    ({ keyId } = await agent.kms.createKey({ type: { kty: 'OKP', crv: 'Ed25519' } }));
  }
  const result = await agent.dids.create({ method: 'key', options: { keyId } });
  const { did, didDocument } = result.didState;
  if (result.didState.state !== 'finished' || !did) {
    return { status: 500, body: { message: `CredoError: ${JSON.stringify(result.didState)}` } };
  }
  return ok({ did, didDocument: didDocument?.toJSON() });
}

const EXCHANGE_FILTERS = ['threadId', 'connectionId', 'state', 'parentThreadId', 'role'] as const;

/** credo-controller's routes the interop story uses, with their body fields (tsoa's `additionalProperties: false`). */
export function routesOf(label: string): Route[] {
  return [
    {
      method: 'GET',
      path: '/agent',
      didcomm: false,
      handle: async (agent) =>
        ok({ label: label, endpoints: agent.didcomm.config.endpoints, isInitialized: agent.isInitialized }),
    },
    {
      method: 'POST',
      path: '/dids/write',
      didcomm: false,
      fields: [
        'keyType',
        'seed',
        'domain',
        'method',
        'network',
        'did',
        'role',
        'endorserDid',
        'didDocument',
        'privatekey',
        'endpoint',
      ],
      required: ['method'],
      handle: writeDid,
    },
    {
      method: 'GET',
      path: '/oob/:id',
      didcomm: true,
      handle: async (agent, call) => {
        const repository = agent.dependencyManager.resolve(DidCommOutOfBandRepository);
        return ok(json(await repository.getById(agent.context, call.params['id'] ?? '')));
      },
    },
    {
      method: 'POST',
      path: '/oob/receive-invitation-url',
      didcomm: true,
      fields: [
        'alias',
        'label',
        'imageUrl',
        'autoAcceptConnection',
        'autoAcceptInvitation',
        'reuseConnection',
        'acceptInvitationTimeoutMs',
        'ourDid',
        'invitationUrl',
      ],
      required: ['invitationUrl'],
      handle: async (agent, call) => {
        const { outOfBandRecord, connectionRecord } = await agent.didcomm.oob.receiveInvitationFromUrl(
          text(call, 'invitationUrl') ?? '',
          {
            label: text(call, 'label') ?? label,
            ...defined({
              alias: text(call, 'alias'),
              autoAcceptInvitation: flag(call, 'autoAcceptInvitation'),
              autoAcceptConnection: flag(call, 'autoAcceptConnection'),
              reuseConnection: flag(call, 'reuseConnection'),
            }),
          },
        );
        return oobAnswer(outOfBandRecord, connectionRecord);
      },
    },
    {
      method: 'POST',
      path: '/oob/:id/accept-invitation',
      didcomm: true,
      fields: ['autoAcceptConnection', 'reuseConnection', 'label', 'alias', 'imageUrl', 'mediatorId'],
      handle: async (agent, call) => {
        const { outOfBandRecord, connectionRecord } = await agent.didcomm.oob.acceptInvitation(
          call.params['id'] ?? '',
          {
            label: text(call, 'label') ?? label,
            ...defined({
              alias: text(call, 'alias'),
              autoAcceptConnection: flag(call, 'autoAcceptConnection'),
              reuseConnection: flag(call, 'reuseConnection'),
            }),
          },
        );
        return oobAnswer(outOfBandRecord, connectionRecord);
      },
    },
    {
      method: 'GET',
      path: '/credentials',
      didcomm: true,
      handle: async (agent, call) => {
        const records = await agent.didcomm.credentials.findAllByQuery(filters(call, EXCHANGE_FILTERS));
        return ok(records.map(json));
      },
    },
    {
      method: 'GET',
      path: '/credentials/:id',
      didcomm: true,
      handle: async (agent, call) =>
        ok(json(await agent.didcomm.credentials.getById(call.params['id'] ?? ''))),
    },
    {
      method: 'POST',
      path: '/credentials/create-offer-oob',
      didcomm: true,
      fields: [
        'protocolVersion',
        'credentialFormats',
        'autoAcceptCredential',
        'comment',
        'goalCode',
        'parentThreadId',
        'willConfirm',
        'label',
        'imageUrl',
        'recipientKey',
        'invitationDid',
      ],
      required: ['protocolVersion', 'credentialFormats'],
      handle: async (agent, call) => {
        const offer = await agent.didcomm.credentials.createOffer({
          protocolVersion: text(call, 'protocolVersion') as 'v2',
          credentialFormats: call.body['credentialFormats'] as never,
          ...defined({
            autoAcceptCredential: text(call, 'autoAcceptCredential') as never,
            comment: text(call, 'comment'),
            goalCode: text(call, 'goalCode'),
          }),
        });
        const outOfBandRecord = await agent.didcomm.oob.createInvitation({
          messages: [offer.message],
          autoAcceptConnection: true,
          ...defined({
            label: text(call, 'label'),
            imageUrl: text(call, 'imageUrl'),
            goalCode: text(call, 'goalCode'),
          }),
        });
        const invitation = outOfBandRecord.outOfBandInvitation;
        return ok({
          invitationUrl: invitation.toUrl({
            domain: agent.didcomm.config.endpoints[0] ?? 'http://127.0.0.1',
          }),
          invitation: invitation.toJSON({
            useDidSovPrefixWhereAllowed: agent.didcomm.config.useDidSovPrefixWhereAllowed,
          }),
          outOfBandRecord: json(outOfBandRecord),
          outOfBandRecordId: outOfBandRecord.id,
          credentialRequestThId: offer.credentialExchangeRecord.threadId,
          invitationDid: '',
        });
      },
    },
    {
      method: 'POST',
      path: '/credentials/accept-offer',
      didcomm: true,
      fields: ['autoAcceptCredential', 'comment', 'credentialRecordId', 'credentialFormats'],
      required: ['credentialRecordId'],
      handle: async (agent, call) => {
        const record = await agent.didcomm.credentials.acceptOffer({
          credentialExchangeRecordId: text(call, 'credentialRecordId') ?? '',
          ...defined({
            credentialFormats: call.body['credentialFormats'] as never,
            autoAcceptCredential: text(call, 'autoAcceptCredential') as never,
            comment: text(call, 'comment'),
          }),
        });
        return ok(json(record));
      },
    },
    {
      method: 'GET',
      path: '/proofs',
      didcomm: true,
      handle: async (agent, call) =>
        ok((await agent.didcomm.proofs.findAllByQuery(filters(call, EXCHANGE_FILTERS))).map(json)),
    },
    {
      method: 'GET',
      path: '/proofs/:id',
      didcomm: true,
      handle: async (agent, call) => ok(json(await agent.didcomm.proofs.getById(call.params['id'] ?? ''))),
    },
    {
      method: 'POST',
      path: '/proofs/request-proof',
      didcomm: true,
      fields: [
        'connectionId',
        'protocolVersion',
        'proofFormats',
        'comment',
        'autoAcceptProof',
        'goalCode',
        'parentThreadId',
        'willConfirm',
      ],
      required: ['connectionId', 'protocolVersion', 'proofFormats', 'comment', 'autoAcceptProof'],
      handle: async (agent, call) => {
        const record = await agent.didcomm.proofs.requestProof({
          connectionId: text(call, 'connectionId') ?? '',
          protocolVersion: text(call, 'protocolVersion') as 'v2',
          proofFormats: call.body['proofFormats'] as never,
          ...defined({
            comment: text(call, 'comment'),
            autoAcceptProof: text(call, 'autoAcceptProof') as never,
            goalCode: text(call, 'goalCode'),
          }),
        });
        return ok(json(record));
      },
    },
    {
      method: 'POST',
      path: '/proofs/:id/accept-request',
      didcomm: true,
      fields: ['filterByPresentationPreview', 'filterByNonRevocationRequirements', 'comment'],
      handle: async (agent, call) => {
        const proofExchangeRecordId = call.params['id'] ?? '';
        const { proofFormats } = await agent.didcomm.proofs.selectCredentialsForRequest({
          proofExchangeRecordId,
        });
        const record = await agent.didcomm.proofs.acceptRequest({
          proofExchangeRecordId,
          proofFormats,
          ...defined({ comment: text(call, 'comment') }),
        });
        return ok(json(record));
      },
    },
    {
      method: 'POST',
      path: '/proofs/:id/accept-presentation',
      didcomm: true,
      handle: async (agent, call) =>
        ok(
          json(
            await agent.didcomm.proofs.acceptPresentation({ proofExchangeRecordId: call.params['id'] ?? '' }),
          ),
        ),
    },
  ];
}

/** The entries whose value is defined (Credo's options are `exactOptionalPropertyTypes`-strict here). */
function defined<T extends Record<string, unknown>>(
  values: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
