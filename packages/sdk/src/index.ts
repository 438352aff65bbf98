/**
 * Typed client of the Credential Agent Service.
 * @packageDocumentation
 */
export { AgentClient, type AgentClientOptions, type CredentialsProvider } from './client.js';
export { DEFAULT_MAX_RESPONSE_BYTES } from './core/body.js';
export type { AgentDeployment } from './core/client-options.js';
export * from './core/errors.js';
export { formatPath } from './core/parse.js';
export { decryptPassword, encryptPassword, type PasswordEncryption } from './core/password-encryption.js';
export { path } from './core/path.js';
export * from './core/protocol-errors.js';
export { MAX_DEPTH, REDACTED, redactValue, scrub, secretForms, TOO_DEEP } from './core/redact.js';
export { type ResponseInfo, type WithResponse, withResponse } from './core/response-info.js';
export type { RetryOptions } from './core/retry.js';
export { isExpired, MemoryTokenStore, type StoredToken, type TokenStore } from './core/token-store.js';
export type {
  RawResponse,
  RequestEvent,
  RequestOptions,
  ResponseEvent,
  RetryEvent,
  TransportHooks,
} from './core/transport.js';
export type {
  BulkBatchRow,
  BulkFailed,
  BulkOptions,
  BulkResult,
  BulkRow,
  BulkSent,
  BulkSkipped,
} from './lib/bulk/types.js';
export * from './models/index.js';
export type { AnyRequest } from './resources/any-endpoint.js';
export type { Auth, Session } from './resources/auth.js';
export type { Credentials } from './resources/credentials.js';
export type { Dids } from './resources/dids.js';
export type { OfferOptions, Offers } from './resources/offers.js';
export type { OutOfBand } from './resources/oob.js';
export type { OrgScope } from './resources/org.js';
export type { ProofRequestOptions, Proofs } from './resources/proofs.js';
export type { Schemas } from './resources/schemas.js';
