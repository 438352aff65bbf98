/**
 * The zod schemas of every request and response of the Credential Agent Service, with their
 * inferred types and the known enum values. Importing only this entry point pulls in zod, not the
 * HTTP client.
 * @packageDocumentation
 */
export * from './auth.js';
// The schema building blocks of common.ts (openEnum, responseObject, Identifier, …) stay internal.
export {
  CredentialAttributeInput,
  Metadata,
  type OpenEnum,
  type OrgResponse,
  unknownFields,
} from './common.js';
export * from './connections.js';
export * from './credentials.js';
export * from './dids.js';
// requestEnum builds the request schemas and stays internal.
export {
  AUTO_ACCEPT_VALUES,
  type AutoAccept,
  AutoAcceptProofSchema,
  AutoAcceptSchema,
  CREDENTIAL_TYPES,
  type CredentialType,
  CredentialTypeSchema,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
  ProtocolVersionSchema,
  type RequestEnum,
  UNKNOWN_VALUE_MAX_LENGTH,
  type UnknownValue,
  unknownValue,
} from './enums.js';
export * from './offers.js';
export * from './oob.js';
export * from './proofs.js';
export * from './schemas.js';
