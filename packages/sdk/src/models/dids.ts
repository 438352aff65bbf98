import * as z from 'zod/mini';
import { markUnknownFields, maybe, responseObject } from './common.js';
import { requestEnum } from './enums.js';
import { list } from './list.js';
import { strictObject } from './object.js';

/** DID methods known to real deployments. */
export const DID_METHODS = ['indy', 'key', 'web', 'polygon'] as const;
/** Key types (indy: ed25519 only; key and web: ed25519 or bls12381g2). */
export const KEY_TYPES = [
  'ed25519',
  'bls12381g1g2',
  'bls12381g1',
  'bls12381g2',
  'x25519',
  'p256',
  'p384',
  'p521',
  'k256',
] as const;
/** Ledger networks known to real deployments. */
export const DID_NETWORKS = [
  'bcovrin:testnet',
  'indicio:testnet',
  'indicio:demonet',
  'polygon:testnet',
  'polygon:mainnet',
] as const;
/** DID roles (or leave it out and give `endorserDid`). */
export const DID_ROLES = ['endorser'] as const;

/**
 * Body of `POST /dids/write`. Whether `privatekey` and `endpoint` belong at the top level or inside
 * `didDocument` is not shown; they are accepted at the top level as the field table lists them.
 * `seed` and `privatekey` are secrets: the SDK redacts them from hooks and errors.
 */
export const DidWriteParams = strictObject({
  keyType: requestEnum(KEY_TYPES),
  method: requestEnum(DID_METHODS),
  seed: z.optional(z.string()),
  domain: z.optional(z.string()),
  network: z.optional(requestEnum(DID_NETWORKS)),
  did: z.optional(z.string()),
  role: z.optional(requestEnum(DID_ROLES)),
  endorserDid: z.optional(z.string()),
  didDocument: z.optional(z.record(z.string(), z.unknown())),
  privatekey: z.optional(z.string()),
  endpoint: z.optional(z.string()),
});
export type DidWriteParams = z.input<typeof DidWriteParams>;

/**
 * A verification method of a DID document (polygon ones have no `publicKeyBase58`). The spec lists
 * its fields without promising them, and the SDK reads none of them itself.
 */
export const VerificationMethod = responseObject({
  id: maybe(z.string()),
  type: maybe(z.string()),
  controller: maybe(z.string()),
  publicKeyBase58: maybe(z.string()),
});
export type VerificationMethod = z.output<typeof VerificationMethod>;

/** A DID document; `@context` and `authentication` entries may be strings or objects on real ledgers. */
export const DidDocument = responseObject({
  '@context': maybe(z.union([z.string(), list(z.union([z.string(), z.record(z.string(), z.unknown())]))])),
  id: maybe(z.string()),
  verificationMethod: maybe(list(VerificationMethod)),
  authentication: maybe(list(z.union([z.string(), z.record(z.string(), z.unknown())]))),
});
export type DidDocument = z.output<typeof DidDocument>;

const DID_RESULT_SHAPE = { did: z.string(), didDocument: maybe(DidDocument) };
const DID_RESULT_FIELDS: ReadonlySet<string> = new Set(Object.keys(DID_RESULT_SHAPE));

/**
 * The DID resolution result. `didDocument` may be missing: a real agent answers `{ did }` alone
 * when asked to write a `did:key` its wallet did not create.
 */
export const DidResolutionResult = responseObject(DID_RESULT_SHAPE);
export type DidResolutionResult = z.output<typeof DidResolutionResult>;

/** The raw registrar answer some networks give: `{ didState: { state, did, didDocument } }`. */
const RegistrarResult = responseObject({
  didState: responseObject({ state: maybe(z.string()), did: z.string(), didDocument: maybe(DidDocument) }),
});

/**
 * Either answer of `/dids/write`, normalised to `{ did, didDocument }`. The raw registrar fields
 * (`didState`, …) are kept beside them, as unknown fields.
 */
export const DidWriteResponse = z.union([
  DidResolutionResult,
  z.pipe(
    RegistrarResult,
    z.transform(
      (r): DidResolutionResult =>
        markUnknownFields(
          { ...r, did: r.didState.did, didDocument: r.didState.didDocument },
          DID_RESULT_FIELDS,
        ),
    ),
  ),
]);
