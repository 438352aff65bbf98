/**
 * Typed client of the Credential Agent Service.
 * @packageDocumentation
 */
export { AgentClient, type AgentClientOptions, type CredentialsProvider } from './client.js';
export { DEFAULT_MAX_RESPONSE_BYTES } from './core/body.js';
export type { AgentDeployment } from './core/client-options.js';
export {
  AbortError,
  AgentError,
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  type AuthenticationFailure,
  BadRequestError,
  ConflictError,
  ConnectionError,
  DidRegistrationError,
  type FieldIssue,
  isAgentError,
  isApiError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RegistrationError,
  type RequestTarget,
  RequestValidationError,
  ResponseValidationError,
  SchemaRegistrationError,
  ServerError,
  TimeoutError,
} from './core/errors.js';
export { decryptPassword, encryptPassword, type PasswordEncryption } from './core/password-encryption.js';
export {
  ProtocolError,
  RedirectError,
  ResponseTooLargeError,
  UnexpectedStatusError,
} from './core/protocol-errors.js';
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
export { REDACTED, redactValue, scrub } from './redact.js';
export type { AnyRequest } from './resources/any-endpoint.js';
export type { Auth, Session } from './resources/auth.js';
export type { Credentials } from './resources/credentials.js';
export type { Dids } from './resources/dids.js';
export type { OfferOptions, Offers } from './resources/offers.js';
export type { OutOfBand } from './resources/oob.js';
export type { OrgScope } from './resources/org.js';
export type { ProofRequestOptions, Proofs } from './resources/proofs.js';
export type { Schemas } from './resources/schemas.js';
