/**
 * Typed client of the Credential Agent Service.
 * @packageDocumentation
 */
export { AgentClient, type AgentClientOptions, type CredentialsProvider } from './client.js';
export type { AgentLine } from './core/agent-line.js';
export { callResolvingTo, withResponse } from './core/api-promise.js';
export type { AgentDeployment } from './core/client-options.js';
export {
  decryptPassword,
  encryptPassword,
  type PasswordEncryption,
} from './core/crypto/password-encryption.js';
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
  EmailNotSentError,
  type FieldIssue,
  type FieldIssueCode,
  isAgentError,
  isApiError,
  NotFoundError,
  OperationFailedError,
  PasswordEncryptionError,
  PermissionDeniedError,
  RateLimitError,
  type RefusedCredential,
  RegistrationError,
  type RegistrationErrorInit,
  RequestError,
  type RequestTarget,
  RequestValidationError,
  ResponseValidationError,
  type RouteFamily,
  SchemaRegistrationError,
  ServerError,
  TimeoutError,
} from './core/errors.js';
export {
  ProtocolError,
  RedirectError,
  ResponseTooLargeError,
  UnexpectedStatusError,
} from './core/protocol-errors.js';
export type { ResponseInfo, WithResponse } from './core/response-info.js';
export type { RetryOptions } from './core/retry.js';
export { MemoryTokenStore } from './core/token-store.js';
export { DEFAULT_MAX_RESPONSE_BYTES } from './core/transport/body.js';
export type {
  RawResponse,
  RequestEvent,
  RequestOptions,
  ResponseEvent,
  RetryEvent,
  TransportHooks,
} from './core/transport/transport.js';
export { FETCH_REPORTS_IN_CALL } from './core/transport/wire-watch.js';
export { type BulkHolderRegistry, hiddenCharacter, normaliseHolderEmail } from './lib/bulk/holders.js';
export type {
  BulkBatchRow,
  BulkFailed,
  BulkOptions,
  BulkResult,
  BulkRow,
  BulkSent,
  BulkSkipped,
} from './lib/bulk/types.js';
export {
  type BulkInvalidRow,
  type BulkRowVerdict,
  type BulkValidRow,
  type PreparedBulkEmail,
  prepareBulkEmail,
  validateBulkRows,
} from './lib/bulk/validate.js';
export * from './models/index.js';
export { REDACTED, redactValue, scrub } from './redact.js';
export type { AnyRequest } from './resources/any-endpoint.js';
export type { Session } from './resources/auth.js';
export type { OfferOptions } from './resources/offers.js';
export type { ProofRequestOptions } from './resources/proofs.js';
// The token helpers, also an entry point of their own (`@credential-agent/sdk/token`).
export * from './token.js';

// The resources (and the promises of calls) are reached through an `AgentClient` and never made by a user: each is exported as
// an interface extending its class, so that neither the constructor nor the internal transport it takes is
// part of the surface (the declaration bundler turns `export type { AClass }` into a value export).
import type { APIPromise as APIPromiseClass } from './core/api-promise.js';
import type { Auth as AuthClass } from './resources/auth.js';
import type { Credentials as CredentialsClass } from './resources/credentials.js';
import type { Dids as DidsClass } from './resources/dids.js';
import type { Offers as OffersClass } from './resources/offers.js';
import type { OutOfBand as OutOfBandClass } from './resources/oob.js';
import type { OrgScope as OrgScopeClass } from './resources/org.js';
import type { Proofs as ProofsClass } from './resources/proofs.js';
import type { Schemas as SchemasClass } from './resources/schemas.js';

/**
 * What every SDK call returns: a `Promise` of the parsed data that also gives the response it came
 * from with `.withResponse()`.
 * @example
 * const { data, response } = await agent.credentials.list().withResponse();
 */
export interface APIPromise<T> extends APIPromiseClass<T> {}
/** `client.auth`: sign-in and the stored token. */
export interface Auth extends AuthClass {}
/** `client.credentials`: issued credentials. */
export interface Credentials extends CredentialsClass {}
/** `client.dids`: DIDs of the organisation. */
export interface Dids extends DidsClass {}
/** `client.org(id).offers`: credential offers. */
export interface Offers extends OffersClass {}
/** `client.oob`: out-of-band invitations. */
export interface OutOfBand extends OutOfBandClass {}
/** `client.org(id)`: the resources of one organisation. */
export interface OrgScope extends OrgScopeClass {}
/** `client.org(id).proofs`: proof requests. */
export interface Proofs extends ProofsClass {}
/** `client.schemas`: credential schemas. */
export interface Schemas extends SchemasClass {}
